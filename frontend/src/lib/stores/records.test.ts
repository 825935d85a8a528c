import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { seededRandom } from '@fitness/contracts/testing/seeded-random.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../testing/second-device.ts';
import { createRecords, type RecordEntry } from './records.ts';

type Created = { id: string };

describe('records store: records set on another device', () => {
  const devices = secondDevices();

  it('shows what a fresh read shows after each change, with no request for sets that beat a record', async () => {
    const { token } = await devices.server.register('Robin');
    // The device logging the sets: its reads wait for its own writes.
    const writer = await devices.open(token);
    const device = await devices.open(token);
    const announced: RecordEntry[][] = [];
    const records = createRecords(device.api, { announce: (fresh) => announced.push(fresh) });
    device.follow(records);
    records.show();
    assert.ok(await waitUntil(() => records.state.all !== null), 'loaded');
    assert.equal(records.state.all?.length, 0, 'no records yet');
    assert.deepEqual(device.requests, ['GET /api/v1/metrics/prs']);
    device.requests.length = 0;

    /** What the records screen shows when it reads them now, on the writing device. */
    const readNow = async () => {
      const reader = createRecords(writer.api, { announce: () => {} });
      const hide = reader.show();
      assert.ok(await waitUntil(() => reader.state.all !== null), 'read');
      hide();
      return reader.state.all;
    };
    /** The second device comes to show what a fresh read shows; returns the requests it made. */
    const agrees = async (what: string) => {
      const fresh = await readNow();
      await waitUntil(() => isDeepStrictEqual(records.state.all, fresh));
      await device.settled();
      assert.deepEqual(records.state.all, fresh, what);
      return device.requests.splice(0);
    };
    const post = (path: string, body: unknown) => writer.api.post<Created>(path, body);
    const log = (workout: Created, exercise: Created, reps: number, weight: number) =>
      post(`/workouts/${workout.id}/exercises/${exercise.id}/sets`, { reps, weight });

    const push = await post('/workouts', { name: 'Push', date: '2026-03-10' });
    const bench = await post(`/workouts/${push.id}/exercises`, { name: 'Bench press' });
    const squat = await post(`/workouts/${push.id}/exercises`, { name: 'Squat' });

    // The first records of an exercise, then sets that beat them: each is put into what is shown.
    const heaviest = await log(push, bench, 5, 100);
    assert.deepEqual(await agrees('the first records'), []);
    for (const weight of [105, 110]) {
      await log(push, bench, 5, weight);
      assert.deepEqual(await agrees(`a record beaten: ${weight} kg`), [], `${weight} kg: no request`);
    }
    assert.equal(records.state.all?.[0]?.record.value, 110);

    // Another exercise with records of the same day: the answer orders the two by when each was
    // first logged, which it does not say, so the store may read them again once.
    await log(push, squat, 5, 120);
    assert.ok((await agrees('a second exercise, records of the same day')).length <= 1);
    // Each keeps its place among the two from then on.
    await log(push, bench, 5, 115);
    assert.deepEqual(await agrees('the first exercise beats its record again'), []);
    await log(push, squat, 6, 125);
    assert.deepEqual(await agrees('the second one too'), []);

    // An exercise whose records are the only ones of their day finds its place alone.
    const legs = await post('/workouts', { name: 'Legs', date: '2026-03-01' });
    const deadlift = await post(`/workouts/${legs.id}/exercises`, { name: 'Deadlift' });
    await log(legs, deadlift, 3, 150);
    assert.deepEqual(await agrees('an exercise of an earlier day'), []);
    // Bench press first logged earlier: its most reps record moves to that day, and its place
    // among the exercises may (what may cost one read).
    const earlyBench = await post(`/workouts/${legs.id}/exercises`, { name: 'Bench press' });
    await log(legs, earlyBench, 5, 50);
    assert.ok((await agrees('an exercise first logged earlier')).length <= 1);

    // A record's set removed gives the record back to the best before it.
    const best = records.state.all?.find(({ name, type }) => name === 'Bench press' && type === 'heaviest_weight');
    assert.equal(best?.record.value, 115);
    await writer.api.delete(`/workouts/${push.id}/exercises/${bench.id}/sets/${best?.record.set_id}`);
    assert.deepEqual(await agrees('a record set removed'), []);
    await writer.api.patch(`/workouts/${push.id}/exercises/${bench.id}/sets/${heaviest.id}`, { weight: 130 });
    assert.deepEqual(await agrees('an older set changed into a record'), []);

    // A workout deleted takes away the exercise only it held, and what it held of another.
    await writer.api.delete(`/workouts/${legs.id}`);
    assert.ok((await agrees('a workout deleted')).length <= 1);
    assert.ok(!records.state.all?.some(({ name }) => name === 'Deadlift'));

    // A record new to the screen was announced at most once; the first ones, baselines, not at all.
    const told = announced.flat().map(({ type, record }) => `${type}:${record.set_id}`);
    assert.deepEqual(told, [...new Set(told)], 'no record announced twice');
    assert.ok(!told.includes(`heaviest_weight:${heaviest.id}`));
  });

  it("announces a record only when it beats an earlier workout's best: a first session sets baselines", async () => {
    const { token } = await devices.server.register('Noor');
    const writer = await devices.open(token);
    const device = await devices.open(token);
    const announced: string[] = [];
    const records = createRecords(device.api, {
      announce: (fresh) => announced.push(...fresh.map(({ type, record }) => `${type}:${record.set_id}`)),
    });
    device.follow(records);
    records.show();
    assert.ok(await waitUntil(() => records.state.all !== null), 'loaded');
    const post = (path: string, body: unknown) => writer.api.post<Created>(path, body);
    const shown = (setId: string) => () => records.state.all?.some(({ record }) => record.set_id === setId) === true;

    // A new user's first session: four records from the first set, raised by the next, none announced.
    const first = await post('/workouts', { name: 'Push', date: '2026-05-04' });
    const bench = await post(`/workouts/${first.id}/exercises`, { name: 'Bench press' });
    await post(`/workouts/${first.id}/exercises/${bench.id}/sets`, { reps: 5, weight: 60 });
    const raised = await post(`/workouts/${first.id}/exercises/${bench.id}/sets`, { reps: 5, weight: 70 });
    assert.ok(await waitUntil(shown(raised.id)), 'the raised baselines shown');
    await device.settled();
    assert.deepEqual(announced, [], 'a first session announces nothing');

    // The next session beats them: announced, each record the set holds once.
    const second = await post('/workouts', { name: 'Push', date: '2026-05-11' });
    const again = await post(`/workouts/${second.id}/exercises`, { name: 'Bench press' });
    const beat = await post(`/workouts/${second.id}/exercises/${again.id}/sets`, { reps: 5, weight: 75 });
    assert.ok(await waitUntil(() => announced.length > 0), 'announced');
    await device.settled();
    assert.deepEqual(announced.sort(), [
      `best_e1rm:${beat.id}`,
      `best_volume:${beat.id}`,
      `heaviest_weight:${beat.id}`,
    ]);
  });

  it('shows what a fresh read shows after each of a random run of sets logged, changed and removed elsewhere', async () => {
    const { token } = await devices.server.register('Sam');
    const writer = await devices.open(token);
    const device = await devices.open(token);
    const records = createRecords(device.api, { announce: () => {} });
    device.follow(records);
    records.show();
    assert.ok(await waitUntil(() => records.state.all !== null), 'loaded');
    device.requests.length = 0;

    const random = seededRandom(31);
    const workouts: { id: string; exercises: { id: string; sets: string[] }[] }[] = [];
    for (const date of ['2026-04-01', '2026-04-03', '2026-04-05']) {
      const workout = await writer.api.post<Created>('/workouts', { name: 'Lift', date });
      const exercises = [];
      for (const name of ['Bench press', 'Squat', 'Row']) {
        exercises.push({
          ...(await writer.api.post<Created>(`/workouts/${workout.id}/exercises`, { name })),
          sets: [],
        });
      }
      workouts.push({ id: workout.id, exercises });
    }
    for (let step = 0; step < 60; step += 1) {
      const workout = random.pick(workouts);
      const exercise = random.pick(workout.exercises);
      const base = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
      const set = exercise.sets.length > 0 && random.int(0, 3) === 0 ? random.pick(exercise.sets) : null;
      const values = { reps: random.int(1, 8), weight: random.int(4, 30) * 5 };
      if (random.int(0, 9) === 0) {
        // Its sets go to the records of the exercise of that name.
        const name = random.pick(['Bench press', 'Squat', 'Row', 'Dip']);
        await writer.api.patch(`/workouts/${workout.id}/exercises/${exercise.id}`, { name });
      } else if (!set) {
        exercise.sets.push((await writer.api.post<Created>(base, values)).id);
      } else if (random.int(0, 1) === 0) {
        await writer.api.patch(`${base}/${set}`, values);
      } else {
        await writer.api.delete(`${base}/${set}`);
        exercise.sets.splice(exercise.sets.indexOf(set), 1);
      }
      const reader = createRecords(writer.api, { announce: () => {} });
      const hide = reader.show();
      assert.ok(await waitUntil(() => reader.state.all !== null), 'read');
      hide();
      await waitUntil(() => isDeepStrictEqual(records.state.all, reader.state.all));
      await device.settled();
      assert.deepEqual(records.state.all, reader.state.all, `step ${step}`);
    }
  });
});
