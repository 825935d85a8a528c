import assert from 'node:assert/strict';
import type { Workout, WorkoutSummary } from '@fitness/contracts';
import { WORKOUT_SUMMARIES_MODEL } from '@fitness/contracts/workouts/summaries.ts';
import { ownWrites } from '@fitness/gateway/testing/api-client.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../testing/second-device.ts';
import { createWorkouts } from './workouts.ts';

/**
 * How the workouts store applies a pushed change, handed to it as the live channel hands it over:
 * the documents are the API's own (written through the server, read back), and the store, which
 * loaded before they were written, asks for nothing while it applies them.
 */
describe('workouts store: a pushed change applied', () => {
  const devices = secondDevices();

  it('puts a workout shown and its summary, applies changes to both, and forgets a deleted one', async () => {
    const user = await devices.server.register('Robin');
    const userId = user.user.id;
    const own = ownWrites(devices.server.api, user.token);
    const write = <T>(method: string, url: string, body?: unknown): Promise<T> => own.call(method, url, body);
    const push = await write<Workout>('POST', '/workouts', { name: 'Push', date: '2026-03-10' });
    const device = await devices.open(user.token);
    const workouts = createWorkouts(device.api);
    workouts.showList();
    workouts.showWorkout(push.id);
    const { state } = workouts;
    assert.ok(await waitUntil(() => state.listLoaded && state.byId[push.id] !== undefined, 10_000), 'loaded');
    device.requests.length = 0;

    // Written elsewhere: an exercise in the workout shown, and a new workout.
    await write('POST', `/workouts/${push.id}/exercises`, { name: 'Bench press' });
    const pushNow = await write<Workout>('GET', `/workouts/${push.id}`);
    const pull = await write<Workout>('POST', '/workouts', { name: 'Pull', date: '2026-03-11' });
    const pullSummary = (await write<{ data: WorkoutSummary[] }>('GET', '/workouts')).data.find(
      ({ id }) => id === pull.id,
    );

    await workouts.applyChange(aNotice(push.id, 10, { userId, document: pushNow }));
    assert.deepEqual(
      state.byId[push.id]?.exercises.map(({ name }) => name),
      ['Bench press'],
      'the workout shown takes the document',
    );
    await workouts.applyChange(aNotice(pull.id, 11, { model: WORKOUT_SUMMARIES_MODEL, userId, document: pullSummary }));
    await workouts.applyChange(aNotice(pull.id, 11, { model: WORKOUT_SUMMARIES_MODEL, userId, document: pullSummary }));
    assert.deepEqual(state.list, [pull.id, push.id], 'a new workout listed once, newest first');
    assert.equal(state.total, 2);

    await workouts.applyChange(
      aNotice(push.id, 12, { userId, changes: [{ op: 'set', path: ['name'], value: 'Push day' }] }),
    );
    assert.equal(state.byId[push.id]?.name, 'Push day', 'a change to the workout shown');
    assert.equal(state.summaries[push.id]?.name, 'Push day', 'and to its summary');
    await workouts.applyChange(
      aNotice(pull.id, 13, {
        model: WORKOUT_SUMMARIES_MODEL,
        userId,
        changes: [{ op: 'set', path: ['name'], value: 'Pull day' }],
      }),
    );
    assert.equal(state.summaries[pull.id]?.name, 'Pull day', 'a change to a summary held');
    await workouts.applyChange(
      aNotice('not-listed', 14, {
        model: WORKOUT_SUMMARIES_MODEL,
        userId,
        changes: [{ op: 'set', path: ['name'], value: 'Elsewhere' }],
      }),
    );
    assert.equal(state.summaries['not-listed'], undefined, 'a summary of a page not loaded is let pass');

    await workouts.applyChange(aNotice(pull.id, 15, { userId, document: { ...pull, name: 'Not shown' } }));
    assert.equal(state.byId[pull.id], undefined, 'a workout no screen shows is let pass');
    await workouts.applyChange(aNotice(push.id, 16, { userId, op: 'delete' }));
    assert.deepEqual(
      [state.byId[push.id], state.missing[push.id], state.list],
      [undefined, true, [pull.id]],
      'a deleted workout is forgotten',
    );
    assert.deepEqual(device.requests, [], 'nothing was read');
  });
});
