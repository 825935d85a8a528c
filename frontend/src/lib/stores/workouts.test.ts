import assert from 'node:assert/strict';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../testing/second-device.ts';
import { createWorkouts } from './workouts.ts';

describe('workouts store: changes pushed from another device', () => {
  const devices = secondDevices();

  it('applies sets logged elsewhere to the workout shown and to the list, with no request', async () => {
    const { token } = await devices.server.register('Robin');
    const workout = (await devices.server.api('POST', '/workouts', { token, body: { name: 'Push' } })).body;
    const exercise = (
      await devices.server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } })
    ).body;
    // The workouts store of a second device, whose requests are counted.
    const device = await devices.open(token);
    const workouts = createWorkouts(device.api);
    device.follow(workouts);
    workouts.showList();
    workouts.showWorkout(workout.id);
    const { state } = workouts;
    assert.ok(await waitUntil(() => state.listLoaded && state.byId[workout.id] !== undefined), 'loaded');
    assert.deepEqual(device.requests.sort(), ['GET /api/v1/workouts', `GET /api/v1/workouts/${workout.id}`]);
    device.requests.length = 0;

    const logged: string[] = [];
    for (const reps of [5, 6, 7, 8, 9]) {
      const set = await devices.server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
        token,
        body: { reps, weight: 40 },
      });
      assert.equal(set.status, 201);
      logged.push(set.body.id);
      const shows = () =>
        state.byId[workout.id]?.exercises[0]?.sets.some(({ id }) => id === set.body.id) === true &&
        state.summaries[workout.id]?.set_count === logged.length;
      assert.ok(await waitUntil(shows), `set ${logged.length} shown in the workout and counted in the list`);
    }
    await device.settled();
    assert.deepEqual(
      state.byId[workout.id]?.exercises[0]?.sets.map(({ id, reps }) => ({ id, reps })),
      logged.map((id, index) => ({ id, reps: 5 + index })),
    );
    assert.deepEqual(device.requests, [], 'the second device asked for nothing');

    // A workout started elsewhere comes whole into the list; one deleted leaves it.
    const started = (await devices.server.api('POST', '/workouts', { token, body: { name: 'Pull' } })).body;
    assert.ok(await waitUntil(() => state.list.includes(started.id)), 'a new workout listed');
    assert.equal(state.summaries[started.id]?.name, 'Pull');
    await devices.server.api('DELETE', `/workouts/${workout.id}`, { token });
    assert.ok(await waitUntil(() => !state.list.includes(workout.id) && state.missing[workout.id] === true));
    await device.settled();
    assert.deepEqual(device.requests, [], 'nor for a new workout or a deleted one');
  });
});
