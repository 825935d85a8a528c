import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { closedPort } from '@fitness/gateway/testing/closed-port.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { subscribe } from 'valtio';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ApiError, createApiClient, type Toast } from '../api-client.ts';
import { memoryStorage } from '../storage.ts';
import { createFlusher } from './flush.ts';
import { createOfflineSync, type OfflineState } from './offline-sync.ts';
import { type NewCommand, openOutbox } from './outbox.ts';
import { predictedId } from './predicted-ids.ts';
import { queuedWrites } from './queued-writes.ts';

/** Resolves once `holds` is true of the state, checking at each change. */
function until(state: OfflineState, holds: (state: OfflineState) => boolean) {
  return new Promise<void>((resolve) => {
    if (holds(state)) return resolve();
    const stop = subscribe(state, () => {
      if (!holds(state)) return;
      stop();
      resolve();
    });
  });
}

/** The browser's connection as a tab sees it, switched by the test. */
function connection(online: boolean) {
  const events = new EventTarget();
  return {
    connection: { online: () => online, events },
    set(now: boolean) {
      online = now;
      events.dispatchEvent(new Event(now ? 'online' : 'offline'));
    },
  };
}

describe('the offline state, over the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function tabOf(
    user: { userId: string; token: string },
    online: boolean,
    options: { baseUrl?: string; backgroundSync?: () => Promise<unknown> } = {},
  ) {
    const outbox = await openOutbox(user.userId);
    const sent: string[] = [];
    const flusher = createFlusher({
      outbox,
      session: () => user,
      baseUrl: options.baseUrl ?? `${server.baseUrl}/api/v1`,
      fetch: (url, init) => {
        sent.push(`${init?.method} ${new URL(String(url)).pathname}`);
        return fetch(url, init);
      },
    });
    const network = connection(online);
    const sync = createOfflineSync({
      outbox,
      flusher,
      connection: network.connection,
      backgroundSync: options.backgroundSync,
    });
    await sync.start();
    const close = () => {
      sync.stop();
      outbox.close();
    };
    return { sync, sent, network, close };
  }

  async function startOf(userId: string, name: string) {
    const key = randomUUID();
    const workout = await predictedId(userId, key, CREATED.workout);
    const command: NewCommand = {
      method: 'POST',
      path: '/workouts',
      body: { name },
      key,
      label: `Start ${name.slice(0, 20)}`,
      touches: [`workout:${workout}`],
      creates: `workout:${workout}`,
    };
    return { workout, command };
  }

  it('keeps what is queued offline, counts it, and sends it when the connection returns', async () => {
    const { token, user } = await server.register();
    const tab = await tabOf({ userId: user.id, token }, false);
    assert.equal(tab.sync.state.online, false);
    const { workout, command } = await startOf(user.id, 'Offline push');
    await tab.sync.queue(command);
    await until(tab.sync.state, (state) => state.waiting === 1);
    assert.deepEqual(tab.sent, []);

    tab.network.set(true);
    assert.equal(tab.sync.state.online, true);
    await until(tab.sync.state, (state) => state.waiting === 0);
    assert.deepEqual(tab.sent, ['POST /api/v1/workouts']);
    await server.caughtUp();
    assert.equal((await server.api('GET', `/workouts/${workout}`, { token })).body.name, 'Offline push');

    tab.network.set(false);
    assert.equal(tab.sync.state.online, false);
    tab.close();
  });

  it("counts another tab's commands, and shows a refusal in every tab until it is dismissed in one", async () => {
    const { token, user } = await server.register();
    const session = { userId: user.id, token };
    const one = await tabOf(session, true);
    const two = await tabOf(session, false);
    await two.sync.queue((await startOf(user.id, 'Queued in tab two')).command);
    await until(one.sync.state, (state) => state.waiting === 1);

    await one.sync.queue((await startOf(user.id, 'x'.repeat(1000))).command);
    await until(one.sync.state, (state) => state.waiting === 0 && state.notKept.length === 1);
    await until(two.sync.state, (state) => state.notKept.length === 1);
    const [refused] = one.sync.state.notKept;
    assert.equal(refused?.status, 422);
    assert.equal(refused?.label, `Start ${'x'.repeat(20)}`);

    await two.sync.dismiss(refused?.seq ?? 0);
    await until(one.sync.state, (state) => state.notKept.length === 0);
    one.close();
    two.close();
  });

  /** Background Sync as the browser's registration takes it: each request counted, the nth awaited. */
  function backgroundSync() {
    const asked: (() => void)[] = [];
    let count = 0;
    return {
      request: async () => {
        count += 1;
        asked[count - 1]?.();
      },
      count: () => count,
      /** Resolves once it was asked `times` times in all. */
      askedFor: (times: number) =>
        new Promise<void>((resolve) => {
          if (count >= times) resolve();
          else asked[times - 1] = resolve;
        }),
    };
  }

  it('leaves to Background Sync what it cannot send: queued offline, or stopped at the network', async () => {
    const { token, user } = await server.register();
    const session = { userId: user.id, token };
    const sync = backgroundSync();
    const offline = await tabOf(session, false, { backgroundSync: sync.request });
    assert.equal(sync.count(), 0, 'nothing waits at the start: nothing to leave to the worker');
    await offline.sync.queue((await startOf(user.id, 'Queued in the basement')).command);
    await sync.askedFor(1);

    // Back online, the page sends it itself: no more asked of the worker.
    offline.network.set(true);
    // Joins (or follows) the flush the connection's return started: done when this one is.
    await offline.sync.flush();
    assert.equal(offline.sync.state.waiting, 0);
    assert.deepEqual(offline.sent, ['POST /api/v1/workouts']);
    assert.equal(sync.count(), 1);
    offline.close();

    // "Online", but no answer comes: the worker is to try when the connection really returns.
    const nowhere = await closedPort();
    const lost = await tabOf(session, true, {
      baseUrl: `http://127.0.0.1:${nowhere}/api/v1`,
      backgroundSync: sync.request,
    });
    await lost.sync.queue((await startOf(user.id, 'Sent into the void')).command);
    // Joins the flush the queue started, and asks once more itself.
    const report = await lost.sync.flush();
    assert.equal(report?.stopped, 'network');
    assert.equal(sync.count(), 3);
    assert.equal(lost.sync.state.waiting, 1);
    lost.close();
  });

  it('counts as offline once a request gets no response though the browser says online, until the server answers again', async () => {
    const { token, user } = await server.register();
    // One bar in a basement: navigator.onLine stays true, but a request gets no response until the signal returns.
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const signal = { through: false, probesLost: false };
    const network = (url: string | URL | Request, init?: RequestInit) => {
      const lost = !signal.through || (signal.probesLost && String(url).endsWith('/site'));
      return fetch(lost ? String(url).replace(server.baseUrl, nowhere) : String(url), init);
    };
    const outbox = await openOutbox(user.id);
    const sent: string[] = [];
    const flusher = createFlusher({
      outbox,
      session: () => ({ userId: user.id, token }),
      baseUrl: `${server.baseUrl}/api/v1`,
      fetch: (url, init) => {
        sent.push(`${init?.method} ${new URL(String(url)).pathname}`);
        return network(url, init);
      },
    });
    const probes: boolean[] = [];
    // Wired as services.ts wires it: the API client tells the offline state, which probes through it.
    let sync: ReturnType<typeof createOfflineSync> | null = null;
    const toasts: Toast[] = [];
    const api = createApiClient({
      storage: memoryStorage({ auth_token: token }),
      cookie: () => null,
      currentPath: () => '/workouts',
      notify: (toast) => toasts.push(toast),
      onSessionExpired: () => {},
      translate: (key) => key,
      online: () => true,
      onNoResponse: () => sync?.noResponse() ?? false,
      onResponse: () => sync?.answered(),
      baseUrl: `${server.baseUrl}/api/v1`,
      fetch: network,
    });
    sync = createOfflineSync({
      outbox,
      flusher,
      connection: connection(true).connection,
      probe: async () => {
        const answers = await api.probe();
        probes.push(answers);
        return answers;
      },
      probeEvery: { first: 5, longest: 20 },
    });
    await sync.start();
    const writes = queuedWrites({ mine: () => true, readAgain: async () => undefined, show: () => {} });
    await writes.follow({ userId: user.id, outbox, sync });
    assert.equal(writes.target(), null, 'online with nothing waiting: writes call the API');

    // The first write gets no response: told as not saved, and the next ones wait on this device.
    const failed = await api.post('/workouts', { name: 'Lost in the basement' }).catch((error: unknown) => error);
    assert.ok(failed instanceof ApiError && failed.status === null && failed.told);
    assert.deepEqual(
      toasts.map((toast) => toast.title),
      ['offline.unreachable.title'],
    );
    assert.equal(sync.state.online, false);
    assert.notEqual(writes.target(), null, 'the next write goes to the outbox');
    const { workout, command } = await startOf(user.id, 'Kept in the basement');
    await writes.queue({ userId: user.id, outbox, sync }, command);
    await until(sync.state, (state) => state.waiting === 1);
    assert.deepEqual(sent, [], 'nothing is sent while the server is unreachable');
    assert.ok(await waitUntil(() => probes.length >= 2));
    assert.equal(sync.state.online, false, 'a probe without an answer keeps it offline');

    // The signal returns: the next probe gets an answer, and what waits goes, once.
    signal.through = true;
    await until(sync.state, (state) => state.online && state.waiting === 0);
    assert.equal(probes.at(-1), true);
    assert.deepEqual(sent, ['POST /api/v1/workouts']);
    await server.caughtUp();
    assert.equal((await server.api('GET', `/workouts/${workout}`, { token })).body.name, 'Kept in the basement');
    const list = await server.api('GET', '/workouts', { token });
    assert.deepEqual(
      list.body.data.map((summary: { name: string }) => summary.name),
      ['Kept in the basement'],
      'the write that got no response was not sent again',
    );
    toasts.length = 0;

    // A flush stopped at the network counts too, and any response to the API client brings it
    // back (the probes lost on the way, so it is the GET's answer that does).
    signal.through = false;
    await sync.queue((await startOf(user.id, 'Second basement')).command);
    await until(sync.state, (state) => !state.online);
    signal.probesLost = true;
    signal.through = true;
    await api.get('/workouts');
    await until(sync.state, (state) => state.online && state.waiting === 0);
    assert.deepEqual(toasts, []);
    sync.stop();
    outbox.close();
  });

  it('asks for a sign-in when the session is gone, keeping the commands', async () => {
    const { user } = await server.register();
    const tab = await tabOf({ userId: user.id, token: 'expired' }, true);
    await tab.sync.queue((await startOf(user.id, 'Kept')).command);
    await until(tab.sync.state, (state) => state.signInNeeded);
    assert.equal(tab.sync.state.waiting, 1);
    tab.close();
  });
});
