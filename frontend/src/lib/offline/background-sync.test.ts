import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { closedPort } from '@fitness/gateway/testing/closed-port.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  followBackgroundSync,
  OUTBOX_SYNC_TAG,
  OutboxNotSent,
  requestBackgroundSync,
  sendOutboxInBackground,
} from './background-sync.ts';
import { createFlusher } from './flush.ts';
import { type Outbox, openOutbox } from './outbox.ts';
import { predictedId } from './predicted-ids.ts';
import { readSyncSession, type SyncSession, writeSyncSession } from './sync-session.ts';

describe("the service worker's Background Sync of the outbox, over the real server", () => {
  let server: TestServer;
  let api: string;
  beforeAll(async () => {
    server = await startTestServer();
    api = `${server.baseUrl}/api/v1`;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A workout started in the basement with `sets` sets of bench press: 2 + sets commands. */
  async function queueWorkout(outbox: Outbox, sets: number) {
    const startKey = randomUUID();
    const workout = await predictedId(outbox.userId, startKey, CREATED.workout);
    await outbox.append({
      method: 'POST',
      path: '/workouts',
      body: { name: 'Basement legs' },
      key: startKey,
      label: 'Start Basement legs',
      touches: [`workout:${workout}`],
      creates: `workout:${workout}`,
    });
    const addKey = randomUUID();
    const exercise = await predictedId(outbox.userId, addKey, CREATED.workoutExercise);
    await outbox.append({
      method: 'POST',
      path: `/workouts/${workout}/exercises`,
      body: { name: 'Bench press' },
      key: addKey,
      label: 'Add Bench press',
      touches: [`workout:${workout}`],
      creates: `workout-exercise:${exercise}`,
    });
    for (let set = 1; set <= sets; set++) {
      await outbox.append({
        method: 'POST',
        path: `/workouts/${workout}/exercises/${exercise}/sets`,
        body: { reps: set, weight: 40 },
        key: randomUUID(),
        label: `Set ${set} of Bench press`,
        touches: [`workout:${workout}`, `workout-exercise:${exercise}`],
      });
    }
    return workout;
  }

  /** The reps of each set the server has of the workout, in order. */
  async function repsOnServer(token: string, workout: string) {
    await server.caughtUp();
    const read = await server.api('GET', `/workouts/${workout}`, { token });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    return read.body.exercises.flatMap((exercise: { sets: { reps: number }[] }) =>
      exercise.sets.map((set) => set.reps),
    );
  }

  /** The network as the worker's fetch, each request noted ("METHOD /path Accept-Language"). */
  function noted() {
    const sent: string[] = [];
    const network: typeof fetch = (url, init) => {
      const language = new Headers(init?.headers).get('Accept-Language');
      sent.push(`${init?.method} ${new URL(String(url)).pathname.replace('/api/v1', '')} ${language}`);
      return fetch(url, init);
    };
    return { sent, network };
  }

  it('sends the outbox of the user signed in last, under their token and in their language', async () => {
    const { token, user } = await server.register('Robin');
    const outbox = await openOutbox(user.id);
    const workout = await queueWorkout(outbox, 2);
    await writeSyncSession({ userId: user.id, token, language: 'de' });

    const { sent, network } = noted();
    const report = await sendOutboxInBackground({ baseUrl: api, fetch: network });
    assert.deepEqual(report, { sent: 4, refused: [], stopped: null });
    assert.deepEqual(
      sent.map((line) => line.replace(/[0-9a-f-]{36}/g, ':id')),
      [
        'POST /workouts de',
        'POST /workouts/:id/exercises de',
        'POST /workouts/:id/exercises/:id/sets de',
        'POST /workouts/:id/exercises/:id/sets de',
      ],
    );
    assert.equal(await outbox.count(), 0);
    assert.deepEqual(await repsOnServer(token, workout), [1, 2]);
    outbox.close();
  });

  it('sends nothing once the user signed out, and their changes stay queued', async () => {
    const { token, user } = await server.register('Sam');
    const outbox = await openOutbox(user.id);
    await queueWorkout(outbox, 1);
    await writeSyncSession({ userId: user.id, token, language: 'en' });
    await writeSyncSession(null);

    const { sent, network } = noted();
    assert.equal(await sendOutboxInBackground({ baseUrl: api, fetch: network }), null);
    assert.deepEqual(sent, []);
    assert.equal(await outbox.count(), 3);
    outbox.close();
  });

  it('fails when no answer comes, so the browser tries again, and the next try sends all once', async () => {
    const { token, user } = await server.register('Kim');
    const outbox = await openOutbox(user.id);
    const workout = await queueWorkout(outbox, 3);
    await writeSyncSession({ userId: user.id, token, language: 'en' });

    const nowhere = `http://127.0.0.1:${await closedPort()}/api/v1`;
    const failed = await sendOutboxInBackground({ baseUrl: nowhere }).then(
      () => null,
      (error: unknown) => error,
    );
    assert.ok(failed instanceof OutboxNotSent, String(failed));
    assert.deepEqual(failed.report, { sent: 0, refused: [], stopped: 'network' });
    assert.equal(await outbox.count(), 5, 'every change kept for the next try');

    assert.deepEqual(await sendOutboxInBackground({ baseUrl: api }), { sent: 5, refused: [], stopped: null });
    assert.deepEqual(await repsOnServer(token, workout), [1, 2, 3]);
    outbox.close();
  });

  it('does not fail over a lost session: trying again would not help, the changes wait for a sign-in', async () => {
    const { user } = await server.register('Lee');
    const outbox = await openOutbox(user.id);
    await queueWorkout(outbox, 1);
    await writeSyncSession({ userId: user.id, token: 'revoked', language: 'en' });

    assert.deepEqual(await sendOutboxInBackground({ baseUrl: api }), { sent: 0, refused: [], stopped: 'sign-in' });
    assert.equal(await outbox.count(), 3);
    outbox.close();
  });

  it('takes turns with a tab sending at the same moment (one Web Lock): each change lands once', async () => {
    const { token, user } = await server.register('Ari');
    const session = { userId: user.id, token };
    const tab = await openOutbox(user.id);
    const workout = await queueWorkout(tab, 6);
    await writeSyncSession({ ...session, language: 'en' });
    const page = noted();
    const worker = noted();
    const tabFlusher = createFlusher({ outbox: tab, session: () => session, baseUrl: api, fetch: page.network });

    const [fromTab, fromWorker] = await Promise.all([
      tabFlusher.flush(),
      sendOutboxInBackground({ baseUrl: api, fetch: worker.network }),
    ]);
    assert.equal(fromTab.sent + (fromWorker?.sent ?? 0), 8);
    assert.equal(page.sent.length + worker.sent.length, 8, 'nothing sent twice');
    assert.deepEqual(await repsOnServer(token, workout), [1, 2, 3, 4, 5, 6]);
    tab.close();
  });
});

describe('asking the browser for a Background Sync', () => {
  it('registers the outbox tag where the browser has Background Sync, and does nothing where it has not', async () => {
    const tags: string[] = [];
    // The browser's registration, as Chromium gives it (with `sync`) and as Firefox and Safari do (without).
    const chromium = { sync: { register: async (tag: string) => void tags.push(tag) } };
    assert.equal(await requestBackgroundSync(chromium as unknown as ServiceWorkerRegistration), true);
    assert.deepEqual(tags, [OUTBOX_SYNC_TAG]);
    assert.equal(await requestBackgroundSync({} as ServiceWorkerRegistration), false);
    assert.equal(await requestBackgroundSync(null), false);
  });

  /** The page's session as a test switches it, telling the follower of each change. */
  function pageSession(initial: SyncSession | null) {
    let now = initial;
    let changed = () => {};
    return {
      session: () => now,
      onChange: (listener: () => void) => {
        changed = listener;
      },
      set(session: SyncSession | null) {
        now = session;
        changed();
      },
    };
  }

  it('keeps the session for the worker while signed in, forgets it at sign-out, and asks only once it is kept', async () => {
    await writeSyncSession(null);
    const robin = { userId: 'user-robin', token: 'token-robin', language: 'ar' };
    const page = pageSession(robin);
    // What the worker would find, at the moment the page asks for the sync.
    const foundWhenAsked: (SyncSession | null)[] = [];
    const registration = {
      sync: { register: async () => void foundWhenAsked.push(await readSyncSession()) },
    } as unknown as ServiceWorkerRegistration;
    const backgroundSync = followBackgroundSync({ registration: async () => registration, ...page });

    assert.equal(await backgroundSync.request(), true);
    assert.deepEqual(foundWhenAsked, [robin]);
    page.set({ ...robin, language: 'de' });
    await backgroundSync.request();
    assert.deepEqual(foundWhenAsked, [robin, { ...robin, language: 'de' }]);

    page.set(null);
    await backgroundSync.request();
    assert.equal(await readSyncSession(), null, 'signed out: the token is no longer kept');
  });

  it('keeps nothing and asks for nothing where the browser has no Background Sync', async () => {
    await writeSyncSession(null);
    const page = pageSession({ userId: 'user-sam', token: 'token-sam', language: 'en' });
    const backgroundSync = followBackgroundSync({
      registration: async () => ({}) as ServiceWorkerRegistration,
      ...page,
    });
    assert.equal(await backgroundSync.request(), false);
    assert.equal(await readSyncSession(), null);
  });
});
