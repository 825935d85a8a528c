import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { workoutStream } from '@fitness/contracts/workouts/events.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createFlusher, type FlusherOptions, shiftedBy } from './flush.ts';
import { type Outbox, openOutbox, withOffset } from './outbox.ts';
import { predictedId } from './predicted-ids.ts';

/** A user's tab: the outbox and a flusher over the real server, counting what it sent ("METHOD /path"). */
type Tab = { outbox: Outbox; flush: () => ReturnType<ReturnType<typeof createFlusher>['flush']>; sent: string[] };

describe('flushing the outbox to the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signedIn() {
    const { token, user } = await server.register('Robin');
    return { token, userId: user.id as string };
  }

  async function tab(
    user: { token: string; userId: string },
    options: Partial<FlusherOptions> & { network?: typeof fetch } = {},
  ): Promise<Tab> {
    const outbox = await openOutbox(user.userId);
    const sent: string[] = [];
    const network = options.network ?? fetch;
    const flusher = createFlusher({
      outbox,
      session: () => user,
      baseUrl: `${server.baseUrl}/api/v1`,
      ...options,
      fetch: (url, init) => {
        sent.push(`${init?.method} ${new URL(String(url)).pathname.replace('/api/v1', '')}`);
        return network(url, init);
      },
    });
    return { outbox, flush: () => flusher.flush(), sent };
  }

  /** Queues a workout as the logger would offline: start, an exercise, 3 sets, an edit and a removal. */
  async function queueWorkout(outbox: Outbox, name = 'Basement push') {
    const user = outbox.userId;
    const startKey = randomUUID();
    const workout = await predictedId(user, startKey, CREATED.workout);
    const w = `/workouts/${workout}`;
    await outbox.append({
      method: 'POST',
      path: '/workouts',
      body: { name },
      key: startKey,
      label: 'Start Basement push',
      touches: [`workout:${workout}`],
      creates: `workout:${workout}`,
    });
    const addKey = randomUUID();
    const exercise = await predictedId(user, addKey, CREATED.workoutExercise);
    await outbox.append({
      method: 'POST',
      path: `${w}/exercises`,
      body: { name: 'Bench press' },
      key: addKey,
      label: 'Add Bench press',
      touches: [`workout:${workout}`],
      creates: `workout-exercise:${exercise}`,
    });
    const sets: string[] = [];
    const loggedAt: Date[] = [];
    for (const [index, reps] of [5, 6, 7].entries()) {
      const key = randomUUID();
      const set = await predictedId(user, key, CREATED.set);
      sets.push(set);
      await outbox.append({
        method: 'POST',
        path: `${w}/exercises/${exercise}/sets`,
        body: { reps, weight: 60 },
        key,
        label: `Set ${index + 1} of Bench press`,
        touches: [`workout:${workout}`, `workout-exercise:${exercise}`],
        creates: `set:${set}`,
        actedAt: loggedAt[loggedAt.push(new Date(Date.now() - (3 - index) * 60_000)) - 1],
      });
    }
    const [, second, third] = sets;
    await outbox.append({
      method: 'PATCH',
      path: `${w}/exercises/${exercise}/sets/${second}`,
      body: { reps: 8 },
      key: randomUUID(),
      label: 'Set 2 of Bench press, corrected',
      touches: [`workout:${workout}`, `set:${second}`],
    });
    await outbox.append({
      method: 'DELETE',
      path: `${w}/exercises/${exercise}/sets/${third}`,
      key: randomUUID(),
      label: 'Set 3 of Bench press, removed',
      touches: [`workout:${workout}`, `set:${third}`],
    });
    return { workout, exercise, sets, loggedAt };
  }

  /** The workout as the server has it, and how many of each event its stream holds. */
  async function onServer(token: string, workout: string) {
    await server.caughtUp();
    const read = await server.api('GET', `/workouts/${workout}`, { token });
    const events = await server.eventStore.readStream(workoutStream(workout));
    const counts: Record<string, number> = {};
    for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
    return { status: read.status, workout: read.body, counts };
  }

  /** Asserts the server has exactly the queued workout: one exercise, sets 1 and 2 (corrected) at the times logged, each once. */
  async function assertLandedOnce(token: string, ids: Awaited<ReturnType<typeof queueWorkout>>) {
    const { status, workout, counts } = await onServer(token, ids.workout);
    assert.equal(status, 200);
    assert.equal(workout.name, 'Basement push');
    assert.deepEqual(
      workout.exercises.map((exercise: { id: string }) => exercise.id),
      [ids.exercise],
    );
    assert.deepEqual(
      workout.exercises[0].sets.map((set: { id: string; reps: number; created_at: string }) => [
        set.id,
        set.reps,
        Date.parse(set.created_at),
      ]),
      [
        [ids.sets[0], 5, ids.loggedAt[0]?.getTime()],
        [ids.sets[1], 8, ids.loggedAt[1]?.getTime()],
      ],
    );
    const logged = Object.entries(counts).filter(([type]) => type.endsWith('Logged'));
    assert.deepEqual(
      logged.map(([, count]) => count),
      [3],
      `three sets logged, once each: ${JSON.stringify(counts)}`,
    );
    assert.equal(
      Object.values(counts).reduce((sum, count) => sum + count, 0),
      7,
      JSON.stringify(counts),
    );
  }

  it('sends a queued workout in order, each command once, under the ids predicted for it', async () => {
    const user = await signedIn();
    const positions: number[] = [];
    const { outbox, flush, sent } = await tab(user, { onPosition: (position) => positions.push(position) });
    const ids = await queueWorkout(outbox);
    const report = await flush();
    assert.deepEqual(report, { sent: 7, refused: [], stopped: null });
    assert.equal(sent.length, 7);
    // Each command's position, for the reads after the flush to wait for.
    assert.equal(positions.length, 7);
    assert.ok(
      positions.every((position, index) => Number.isSafeInteger(position) && position > (positions[index - 1] ?? 0)),
      `positions rise: ${positions}`,
    );
    assert.equal(await outbox.count(), 0);
    await assertLandedOnce(user.token, ids);
    outbox.close();
  });

  it('lands each command once when two tabs flush the same outbox at once', async () => {
    const user = await signedIn();
    const one = await tab(user);
    const two = await tab(user);
    const ids = await queueWorkout(one.outbox);
    const reports = await Promise.all([one.flush(), two.flush()]);
    assert.equal(reports[0].sent + reports[1].sent, 7);
    assert.equal(one.sent.length + two.sent.length, 7, 'one tab at a time: nothing sent twice');
    await assertLandedOnce(user.token, ids);
    one.outbox.close();
    two.outbox.close();
  });

  it('lands each command once when two tabs without Web Locks flush at once, both sending the first', async () => {
    const user = await signedIn();
    // Each tab's first request waits at the door for the other's, so both are on their way at once.
    let atTheDoor = 0;
    let open = () => {};
    const bothThere = new Promise<void>((resolve) => {
      open = resolve;
    });
    const heldFirst = () => {
      let first = true;
      const network: typeof fetch = async (url, init) => {
        if (first) {
          first = false;
          atTheDoor += 1;
          if (atTheDoor === 2) open();
          await bothThere;
        }
        return fetch(url, init);
      };
      return network;
    };
    const one = await tab(user, { locks: null, network: heldFirst() });
    const two = await tab(user, { locks: null, network: heldFirst() });
    const ids = await queueWorkout(one.outbox);
    await Promise.all([one.flush(), two.flush()]);
    assert.deepEqual([one.sent[0], two.sent[0]], ['POST /workouts', 'POST /workouts']);
    assert.equal(await one.outbox.count(), 0);
    await assertLandedOnce(user.token, ids);
    one.outbox.close();
    two.outbox.close();
  });

  it('refuses the queued sets of a workout deleted on another device, naming them, and sends the rest', async () => {
    const user = await signedIn();
    const { outbox, flush } = await tab(user);
    const started = await server.api('POST', '/workouts', { token: user.token, body: { name: 'Legs' } });
    const workout = started.body.id as string;
    const added = await server.api('POST', `/workouts/${workout}/exercises`, {
      token: user.token,
      body: { name: 'Squat' },
    });
    const exercise = added.body.id as string;
    const meal = await server.api('POST', '/meals', {
      token: user.token,
      body: { date: new Date().toISOString().slice(0, 10), type: 'lunch' },
    });
    for (const index of [1, 2]) {
      await outbox.append({
        method: 'POST',
        path: `/workouts/${workout}/exercises/${exercise}/sets`,
        body: { reps: 5 },
        key: randomUUID(),
        label: `Set ${index} of Squat`,
        touches: [`workout:${workout}`, `workout-exercise:${exercise}`],
      });
    }
    const entryKey = randomUUID();
    const entry = await predictedId(user.userId, entryKey, CREATED.mealEntry);
    await outbox.append({
      method: 'POST',
      path: `/meals/${meal.body.id}/entries`,
      body: { name: 'Banana', calories: 105 },
      key: entryKey,
      label: 'Banana at lunch',
      touches: [`meal:${meal.body.id}`],
      creates: `meal-entry:${entry}`,
    });
    assert.equal((await server.api('DELETE', `/workouts/${workout}`, { token: user.token })).status, 200);

    const report = await flush();
    assert.deepEqual(
      report.refused.map(({ label, status }) => [label, status]),
      [
        ['Set 1 of Squat', 404],
        ['Set 2 of Squat', 404],
      ],
    );
    assert.match(report.refused[0]?.message ?? '', /Workout not found/);
    assert.deepEqual(
      (await outbox.notKept()).map(({ label }) => label),
      ['Set 1 of Squat', 'Set 2 of Squat'],
    );
    assert.equal(report.sent, 1);
    assert.equal(await outbox.count(), 0);
    await server.caughtUp();
    const lunch = await server.api('GET', `/meals/${meal.body.id}`, { token: user.token });
    assert.deepEqual(
      lunch.body.entries.map((e: { id: string }) => e.id),
      [entry],
    );
    outbox.close();
  });

  it('refuses with a refused start the commands that need its workout, naming them, without sending them', async () => {
    const user = await signedIn();
    const { outbox, flush, sent } = await tab(user);
    const ids = await queueWorkout(outbox, 'x'.repeat(1000));
    const report = await flush();
    assert.deepEqual(
      report.refused.map(({ label, status, because }) => [label, status, because]),
      [
        ['Start Basement push', 422, null],
        ['Add Bench press', 422, 'Start Basement push'],
        ['Set 1 of Bench press', 422, 'Start Basement push'],
        ['Set 2 of Bench press', 422, 'Start Basement push'],
        ['Set 3 of Bench press', 422, 'Start Basement push'],
        ['Set 2 of Bench press, corrected', 422, 'Start Basement push'],
        ['Set 3 of Bench press, removed', 422, 'Start Basement push'],
      ],
    );
    assert.deepEqual(sent, ['POST /workouts']);
    assert.equal(report.sent, 0);
    assert.equal(await outbox.count(), 0);
    assert.equal((await outbox.notKept()).length, 7);
    assert.equal((await onServer(user.token, ids.workout)).status, 404);
    outbox.close();
  });

  it('keeps the rest queued when the network fails mid-flush, and a later flush lands each command once', async () => {
    const user = await signedIn();
    let answered = 0;
    // The third request reaches the server, but its answer is lost on the way back.
    const network: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      answered += 1;
      if (answered === 3) throw new TypeError('fetch failed');
      return response;
    };
    const broken = await tab(user, { network });
    const ids = await queueWorkout(broken.outbox);
    const report = await broken.flush();
    assert.deepEqual(report, { sent: 2, refused: [], stopped: 'network' });
    assert.equal(await broken.outbox.count(), 5);
    broken.outbox.close();

    const later = await tab(user);
    assert.deepEqual(await later.flush(), { sent: 5, refused: [], stopped: null });
    await assertLandedOnce(user.token, ids);
    later.outbox.close();
  });

  it("stops at a lost session or another user's, keeping the queue", async () => {
    const user = await signedIn();
    const expired = await tab({ ...user, token: 'not-a-token' });
    await queueWorkout(expired.outbox);
    assert.deepEqual(await expired.flush(), { sent: 0, refused: [], stopped: 'sign-in' });
    assert.equal(await expired.outbox.count(), 7);

    const other = await signedIn();
    const outbox = await openOutbox(user.userId);
    const sent: string[] = [];
    const flusher = createFlusher({
      outbox,
      session: () => other,
      baseUrl: `${server.baseUrl}/api/v1`,
      fetch: (url, init) => {
        sent.push(String(url));
        return fetch(url, init);
      },
    });
    assert.deepEqual(await flusher.flush(), { sent: 0, refused: [], stopped: 'sign-in' });
    assert.deepEqual(sent, []);
    assert.equal(await outbox.count(), 7);
    expired.outbox.close();
    outbox.close();
  });

  it('waits out a 503 for as long as its Retry-After says, then sends the command again', async () => {
    const user = await signedIn();
    let first = true;
    // A proxy in front of the server, in maintenance for the first request.
    const network: typeof fetch = async (url, init) => {
      if (!first) return fetch(url, init);
      first = false;
      return new Response('{"message":"Back soon"}', { status: 503, headers: { 'Retry-After': '7' } });
    };
    const waited: number[] = [];
    const { outbox, flush } = await tab(user, {
      network,
      wait: async (ms) => {
        waited.push(ms);
      },
    });
    const ids = await queueWorkout(outbox);
    assert.deepEqual(await flush(), { sent: 7, refused: [], stopped: null });
    assert.deepEqual(waited, [7000]);
    await assertLandedOnce(user.token, ids);
    outbox.close();
  });

  it('puts right the times of a device whose clock runs 10 minutes fast, which the server would refuse as ahead', async () => {
    const user = await signedIn();
    const fast = 10 * 60_000;
    const outbox = await openOutbox(user.userId);
    const start = randomUUID();
    const workout = await predictedId(user.userId, start, CREATED.workout);
    // What the device's clock said when the user started it: ten minutes ahead of the world.
    const actedAt = new Date(Date.now() + fast);
    await outbox.append({
      method: 'POST',
      path: '/workouts',
      body: { name: 'Fast watch' },
      key: start,
      actedAt,
      label: 'Start Fast watch',
      touches: [`workout:${workout}`],
      creates: `workout:${workout}`,
    });
    const { flush, sent } = await tab(user, { now: () => Date.now() + fast });
    const report = await flush();
    assert.deepEqual(report, { sent: 1, refused: [], stopped: null }, 'kept, not refused for its time');
    assert.deepEqual(sent, ['POST /workouts', 'POST /workouts'], 'refused once for its time, then sent put right');
    await server.caughtUp();
    const stored = await server.api('GET', `/workouts/${workout}`, { token: user.token });
    const startedAt = Date.parse(stored.body.started_at);
    assert.ok(
      Math.abs(startedAt - (actedAt.getTime() - fast)) < 5_000,
      `started when the user acted: ${stored.body.started_at}`,
    );
    outbox.close();
  });

  it('moves a time with its offset, keeping the wall clock where the user was', () => {
    assert.equal(shiftedBy('2026-11-26T23:50:00.000+01:00', -10 * 60_000), '2026-11-26T23:40:00.000+01:00');
    assert.equal(shiftedBy('2026-11-27T00:05:00.000-05:30', -10 * 60_000), '2026-11-26T23:55:00.000-05:30');
    assert.equal(
      shiftedBy(withOffset(new Date('2026-11-27T12:00:00Z')), 0),
      withOffset(new Date('2026-11-27T12:00:00Z')),
    );
  });
});
