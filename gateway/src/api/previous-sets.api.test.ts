import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * "Last time" for each exercise of a workout: found however many workouts back it was (within
 * the lookback), though the search reads the earlier workouts a page at a time.
 */
describe('GET /workouts/{id}/previous', () => {
  let server: TestServer;
  let token: string;
  let position = 0;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await server.register('Lifter')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  async function post(url: string, body: object) {
    const answer = await server.api('POST', url, { token, body });
    assert.equal(answer.status, 201, `${url}: ${JSON.stringify(answer.body)}`);
    position = Math.max(position, Number(answer.headers.get('x-event-position')));
    return answer.body as { id: string };
  }

  async function workoutOf(name: string, exercises: [string, number][]) {
    const workout = await post('/workouts', { name });
    const ids: string[] = [];
    for (const [exercise, weight] of exercises) {
      const added = await post(`/workouts/${workout.id}/exercises`, { name: exercise });
      await post(`/workouts/${workout.id}/exercises/${added.id}/sets`, { reps: 5, weight });
      ids.push(added.id);
    }
    return { id: workout.id, exerciseIds: ids };
  }

  it('finds each exercise in the latest earlier workout that had it, pages back, in the workout order', async () => {
    const legDay = await workoutOf('Legs, long ago', [
      ['Squat', 100],
      ['Bench press', 60],
    ]);
    for (let i = 0; i < 12; i++) await workoutOf(`Rows ${i}`, [['Row', 40 + i]]);
    const today = await workoutOf('Everything', [
      ['Row', 70],
      ['Squat', 110],
      ['Bench press', 65],
      ['Curl', 12],
    ]);

    const answer = await server.api('GET', `/workouts/${today.id}/previous`, {
      token,
      headers: { 'x-min-position': String(position) },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const found = answer.body.data as { workout_exercise_id: string; workout_id: string; sets: { weight: number }[] }[];
    assert.deepEqual(
      found.map((previous) => previous.workout_exercise_id),
      today.exerciseIds.slice(0, 3),
      'Row, Squat and Bench press, in that order; Curl was never done before',
    );
    assert.deepEqual(
      found.map((previous) => previous.sets.map((set) => set.weight)),
      [[51], [100], [60]],
    );
    assert.equal(found[1]?.workout_id, legDay.id);
  });
});
