import assert from 'node:assert/strict';
import { estimatedOneRepMax } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * An exercise's page: its records, each workout with it summed up for the charts, and every
 * workout's sets newest first, paged, from the records read model.
 */
describe('exercise progress API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  async function lifter(name = 'Lifter') {
    const { token } = await server.register(name);
    const { call, read: get } = ownWrites(server.api, token);
    const [squat] = (await (await get('/exercises?search=back%20squat&per_page=1')).body).data;
    /** A workout on `date` with the squat's sets, completed unless told otherwise. */
    const session = async (
      date: string,
      sets: { reps: number; weight?: number | null; type?: string }[],
      complete = true,
    ) => {
      const workout = await call('POST', '/workouts', { name: `Legs ${date}`, date });
      const exercise = await call('POST', `/workouts/${workout.id}/exercises`, {
        exercise_id: squat.id,
        name: squat.name,
      });
      const logged = [];
      for (const set of sets)
        logged.push(await call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, set));
      if (complete) await call('PATCH', `/workouts/${workout.id}`, { status: 'completed', duration: 50 });
      return { workout, exercise, sets: logged };
    };
    return { call, get, squat, session };
  }

  it("sums up each workout for the charts, and answers the exercise's records by the formula asked for", async () => {
    const { get, squat, session } = await lifter();
    const empty = await get(`/exercises/${squat.id}/progress`);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body, { exercise_id: squat.id, formula: 'epley', records: {}, sessions: [] });

    const first = await session('2026-03-02', [
      { reps: 10, weight: 60, type: 'warmup' },
      { reps: 5, weight: 100 },
      { reps: 8, weight: 90 },
    ]);
    const second = await session(
      '2026-03-09',
      [{ reps: 3, weight: 110 }, { reps: 3, weight: 110 }, { reps: 12 }],
      false,
    );

    const progress = await get(`/exercises/${squat.id}/progress`);
    assert.equal(progress.status, 200, JSON.stringify(progress.body));
    assert.deepEqual(progress.body.sessions, [
      {
        workout_id: first.workout.id,
        date: '2026-03-02',
        completed: true,
        sets: 3,
        volume: 500 + 720,
        top_set: { weight: 100, reps: 5 },
        e1rm: estimatedOneRepMax(100, 5, 'epley'),
        most_reps: 8,
        duration: 0,
        distance: 0,
      },
      {
        workout_id: second.workout.id,
        date: '2026-03-09',
        completed: false,
        sets: 3,
        volume: 660,
        top_set: { weight: 110, reps: 3 },
        e1rm: estimatedOneRepMax(110, 3, 'epley'),
        most_reps: 12,
        duration: 0,
        distance: 0,
      },
    ]);
    const { records } = progress.body;
    assert.equal(records.heaviest_weight.value, 110);
    assert.equal(records.best_e1rm.value, estimatedOneRepMax(110, 3, 'epley'));
    assert.equal(records.best_volume.value, 720);
    assert.equal(records.most_reps.value, 12);

    const brzycki = (await get(`/exercises/${squat.id}/progress?formula=brzycki`)).body;
    assert.equal(brzycki.formula, 'brzycki');
    assert.equal(brzycki.records.best_e1rm.value, estimatedOneRepMax(110, 3, 'brzycki'));
    assert.deepEqual(
      brzycki.sessions.map((each: { e1rm: number }) => each.e1rm),
      [estimatedOneRepMax(100, 5, 'brzycki'), estimatedOneRepMax(110, 3, 'brzycki')],
    );
  });

  it('sums up the time and distance of an exercise timed or measured', async () => {
    const { call, get } = await lifter('Rower');
    const row = await call('POST', '/exercises', {
      name: 'Rowing intervals',
      category: 'cardio',
      primary_muscle: 'back',
      equipment: 'machines',
      unit: 'distance',
    });
    const workout = await call('POST', '/workouts', { name: 'Row', date: '2026-05-04' });
    const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { exercise_id: row.id, name: row.name });
    for (const set of [
      { reps: 1, distance: 500, duration: 100 },
      { reps: 1, distance: 500, duration: 95 },
      { reps: 1, distance: 250, duration: 60, type: 'warmup' },
    ]) {
      await call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, set);
    }
    const { sessions, records } = (await get(`/exercises/${row.id}/progress`)).body;
    assert.deepEqual(
      sessions.map(({ sets, duration, distance, e1rm }: Record<string, unknown>) => ({
        sets,
        duration,
        distance,
        e1rm,
      })),
      [{ sets: 3, duration: 195, distance: 1000, e1rm: null }],
    );
    assert.equal(records.longest_distance.value, 500);
  });

  it("pages every workout's sets, newest first, and follows sets changed and workouts deleted", async () => {
    const { call, get, squat, session } = await lifter();
    const days = ['2026-04-01', '2026-04-03', '2026-04-06', '2026-04-08', '2026-04-10'];
    const done = [];
    for (const [index, date] of days.entries()) done.push(await session(date, [{ reps: 5, weight: 100 + index }]));

    const page1 = await get(`/exercises/${squat.id}/history?per_page=2`);
    assert.equal(page1.status, 200, JSON.stringify(page1.body));
    assert.deepEqual(
      page1.body.data.map((entry: { date: string }) => entry.date),
      ['2026-04-10', '2026-04-08'],
    );
    assert.deepEqual(page1.body.meta, { current_page: 1, per_page: 2, total: 5, last_page: 3 });
    const [newest] = page1.body.data;
    assert.equal(newest.workout_name, 'Legs 2026-04-10');
    assert.equal(newest.completed, true);
    assert.deepEqual(
      newest.sets.map(({ reps, weight }: { reps: number; weight: number }) => ({ reps, weight })),
      [{ reps: 5, weight: 104 }],
    );
    const page3 = await get(`/exercises/${squat.id}/history?per_page=2&page=3`);
    assert.deepEqual(
      page3.body.data.map((entry: { date: string }) => entry.date),
      ['2026-04-01'],
    );

    // A set changed and a workout deleted show in both answers.
    const last = done[4];
    assert.ok(last);
    await call('PATCH', `/workouts/${last.workout.id}/exercises/${last.exercise.id}/sets/${last.sets[0].id}`, {
      reps: 6,
    });
    const first = done[0];
    assert.ok(first);
    await call('DELETE', `/workouts/${first.workout.id}`);
    const after = (await get(`/exercises/${squat.id}/history?per_page=10`)).body;
    assert.deepEqual(after.meta.total, 4);
    assert.equal(after.data[0].sets[0].reps, 6);
    const sessions = (await get(`/exercises/${squat.id}/progress`)).body.sessions;
    assert.deepEqual(
      sessions.map((each: { date: string; volume: number }) => [each.date, each.volume]),
      [
        ['2026-04-03', 505],
        ['2026-04-06', 510],
        ['2026-04-08', 515],
        ['2026-04-10', 624],
      ],
    );
  });

  it("answers 404 for a missing exercise or someone else's, and 422 for a bad page or formula", async () => {
    const owner = await lifter('Owner');
    const custom = await owner.call('POST', '/exercises', {
      name: 'Zercher squat',
      category: 'strength',
      primary_muscle: 'legs',
      equipment: 'barbell',
      difficulty: 'advanced',
    });
    assert.equal((await owner.get(`/exercises/${custom.id}/progress`)).status, 200);
    const stranger = await lifter('Stranger');
    for (const path of ['progress', 'history']) {
      assert.equal((await stranger.get(`/exercises/${custom.id}/${path}`)).status, 404);
      assert.equal((await stranger.get(`/exercises/no-such-exercise/${path}`)).status, 404);
    }
    const badFormula = await owner.get(`/exercises/${custom.id}/progress?formula=lombardi`);
    assert.equal(badFormula.status, 422);
    assert.ok(badFormula.body.errors.formula);
    for (const query of ['page=0', 'per_page=51', 'page=abc']) {
      const response = await owner.get(`/exercises/${custom.id}/history?${query}`);
      assert.equal(response.status, 422, query);
    }
    assert.equal((await server.api('GET', `/exercises/${custom.id}/progress`)).status, 401);
  });
});
