import assert from 'node:assert/strict';
import type { Workout } from '@fitness/contracts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../testing/second-device.ts';
import { createWorkouts } from './workouts.ts';
import { apiWithoutNetwork, offlineWorkouts } from './workouts-offline-testing.ts';

/** What a workout holds, set by set, to compare the store's with the server's. */
const setsOf = (workout: Workout | undefined) =>
  workout?.exercises.map((exercise) => ({
    id: exercise.id,
    name: exercise.name,
    sets: exercise.sets.map(({ id, reps, weight, created_at }) => ({ id, reps, weight, created_at })),
  }));

describe('workouts store: written offline', () => {
  const devices = secondDevices();

  async function offlineDevice(online: boolean) {
    const account = await devices.server.register('Basement');
    const { token } = account;
    const workout = (await devices.server.api('POST', '/workouts', { token, body: { name: 'Legs' } })).body as Workout;
    const squat = (
      await devices.server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Squat' } })
    ).body;
    const tab = await offlineWorkouts(devices, account, online);
    tab.workouts.showWorkout(workout.id);
    assert.ok(await waitUntil(() => tab.workouts.state.byId[workout.id] !== undefined), 'the workout loaded');
    const onServer = async () => {
      await devices.server.caughtUp();
      return (await devices.server.api('GET', `/workouts/${workout.id}`, { token })).body as Workout;
    };
    return { ...tab, workout, squat, onServer };
  }

  it('shows sets logged, changed and removed offline at once, and the server has exactly them once sent', async () => {
    const tab = await offlineDevice(false);
    const { workouts, workout, squat } = tab;
    const requestsBefore = tab.device.requests.length;
    const logged = [];
    for (const reps of [5, 6, 7, 8]) logged.push(await workouts.addSet(workout.id, squat.id, { ...setOf(reps) }));
    await workouts.updateSet(workout.id, squat.id, logged[1]?.id ?? '', { reps: 16 });
    await workouts.removeSet(workout.id, squat.id, logged[2]?.id ?? '');
    const lunge = await workouts.addExercise(workout.id, 'Lunge');
    await workouts.addSet(workout.id, lunge.id, setOf(10));
    await workouts.end(workout.id);

    const shown = workouts.state.byId[workout.id];
    assert.deepEqual(
      shown?.exercises.map((exercise) => exercise.sets.map((set) => set.reps)),
      [[5, 16, 8], [10]],
      'shown at once, as logged',
    );
    assert.equal(shown?.status, 'completed', 'ended at once');
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 9), 'counted');
    assert.equal(tab.device.requests.length, requestsBefore, 'nothing sent offline');
    assert.deepEqual((await tab.onServer()).exercises[0]?.sets, [], 'the server has nothing yet');
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      [
        'Set 1 of Squat',
        'Set 2 of Squat',
        'Set 3 of Squat',
        'Set 4 of Squat',
        'Set 2 of Squat',
        'Set 3 of Squat',
        'Adding Lunge',
        'Set 1 of Lunge',
        'Ending Legs',
      ],
    );

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0), 'sent once online');
    const server = await tab.onServer();
    assert.deepEqual(
      server.exercises.map((exercise) => exercise.sets.map((set) => set.reps)),
      [[5, 16, 8], [10]],
    );
    assert.deepEqual(setsOf(server), setsOf(shown), 'the same ids and times as shown offline');
    assert.deepEqual(
      [server.status, server.completed_at, server.duration],
      [shown?.status, shown?.completed_at, shown?.duration],
      'ended when it was ended offline',
    );
    assert.ok(
      await waitUntil(() => JSON.stringify(setsOf(workouts.state.byId[workout.id])) === JSON.stringify(setsOf(server))),
      'the store shows what the server holds',
    );
    tab.close();
  });

  it('shows a workout in progress after a reload without a connection: as last seen, with what waits', async () => {
    const tab = await offlineDevice(false);
    const { workouts, workout, squat } = tab;
    await workouts.addSet(workout.id, squat.id, setOf(5));
    await workouts.addSet(workout.id, squat.id, setOf(6));
    const before = setsOf(workouts.state.byId[workout.id]);

    // The page loaded again in the basement: every request fails for want of a network.
    const noNetwork = apiWithoutNetwork();
    const reloaded = createWorkouts(noNetwork);
    reloaded.showWorkout(workout.id);
    await reloaded.writeOffline(tab.writes);
    assert.ok(await waitUntil(() => reloaded.state.byId[workout.id] !== undefined), 'shown from the copy last seen');
    assert.deepEqual(setsOf(reloaded.state.byId[workout.id]), before, 'with the sets logged offline');
    await reloaded.writeOffline(null);
    tab.close();
  });

  it('writes online as before when nothing waits, and queues behind what waits', async () => {
    const tab = await offlineDevice(true);
    const { workouts, workout, squat } = tab;
    await workouts.addSet(workout.id, squat.id, setOf(5));
    assert.ok(
      tab.device.requests.includes(`POST /api/v1/workouts/${workout.id}/exercises/${squat.id}/sets`),
      'sent by the API client',
    );
    assert.equal(tab.sync.state.waiting, 0);
    tab.close();
  });

  it('takes a set refused by the server off the screen, and keeps it in the not-kept list by name', async () => {
    const tab = await offlineDevice(false);
    const { workouts, workout, squat } = tab;
    await workouts.addSet(workout.id, squat.id, setOf(5));
    await workouts.addSet(workout.id, squat.id, setOf(6));
    // Deleted on another device meanwhile.
    await tab.device.api.delete(`/workouts/${workout.id}`);
    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0 && tab.sync.state.notKept.length === 2));
    assert.deepEqual(
      tab.sync.state.notKept.map((notKept) => notKept.label),
      ['Set 1 of Squat', 'Set 2 of Squat'],
    );
    assert.ok(await waitUntil(() => workouts.state.byId[workout.id] === undefined), 'the workout is gone here too');
    tab.close();
  });
});

function setOf(reps: number) {
  return {
    reps,
    weight: 100,
    rest_time: null,
    type: 'working' as const,
    notes: null,
    duration: null,
    distance: null,
    rpe: null,
  };
}
