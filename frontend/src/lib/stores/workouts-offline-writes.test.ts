import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import type { Template, Workout } from '@fitness/contracts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../testing/second-device.ts';
import { createInProgress } from './in-progress.ts';
import { createWorkouts } from './workouts.ts';
import { apiWithoutNetwork, offlineWorkouts } from './workouts-offline-testing.ts';

/** A workout as the server and the screen both hold it: all but when the server last wrote it. */
const content = (workout: Workout | undefined | null) => {
  if (!workout) return workout;
  const { updated_at: _written, ...rest } = JSON.parse(JSON.stringify(workout)) as Workout;
  return rest;
};

const set = (reps: number, weight: number | null = 60) => ({
  reps,
  weight,
  rest_time: null,
  type: 'working' as const,
  notes: null,
  duration: null,
  distance: null,
  rpe: null,
});

describe('workouts store: every write of the logger offline', () => {
  const devices = secondDevices();

  async function basement() {
    const account = await devices.server.register('Basement');
    const tab = await offlineWorkouts(devices, account, false);
    const api = (method: string, path: string, body?: unknown) =>
      devices.server.api(method, path, { token: account.token, ...(body !== undefined && { body }) });
    const onServer = async (id: string) => {
      await devices.server.caughtUp();
      const answer = await api('GET', `/workouts/${id}`);
      return answer.status === 200 ? (answer.body as Workout) : null;
    };
    /** Back online: everything waiting is sent (or refused). */
    const sent = async () => {
      tab.setOnline(true);
      assert.ok(await waitUntil(() => tab.sync.state.waiting === 0), 'sent once online');
    };
    return { ...tab, account, api, onServer, sent };
  }

  /** Push pull, a template of the user's own: bench press 3 × 5 at 60 kg and pull-ups 2 × 8 at bodyweight. */
  async function pushPull(api: Awaited<ReturnType<typeof basement>>['api']) {
    const workout = (await api('POST', '/workouts', { name: 'Push pull' })).body as Workout;
    for (const [name, weight, reps, sets] of [
      ['Bench press', 60, 5, 3],
      ['Pull-up', null, 8, 2],
    ] as const) {
      const exercise = (await api('POST', `/workouts/${workout.id}/exercises`, { name })).body;
      for (let done = 0; done < sets; done += 1) {
        await api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, set(reps, weight));
      }
    }
    assert.equal((await api('POST', `/workouts/${workout.id}/template`, { name: 'Push pull' })).status, 201);
    await api('DELETE', `/workouts/${workout.id}`);
    const { data } = (await api('GET', '/templates?mine=true')).body as { data: Template[] };
    const template = data.find((one) => one.name === 'Push pull');
    assert.ok(template);
    return template;
  }

  it('starts workouts offline, empty and from templates, shown at once as the server makes them, under the same ids', async () => {
    const tab = await basement();
    const { workouts } = tab;
    const mine = await pushPull(tab.api);
    const { data } = (await tab.api('GET', '/templates')).body as { data: Template[] };
    const system = data.find((template) => !template.is_custom && template.exercises.length > 1);
    assert.ok(system, 'a system template to start from');

    const fromMine = await workouts.startFromTemplate(mine, '2026-11-27');
    const fromSystem = await workouts.startFromTemplate(system, '2026-11-27');
    const empty = await workouts.start({ name: ' Legs ', date: '2026-11-27' });
    // Opened, as the app opens a workout it starts.
    workouts.showWorkout(empty.id);
    const squat = await workouts.addExercise(empty.id, 'Squat');
    await workouts.addSet(empty.id, squat.id, set(5, 100));
    const bench = fromMine.exercises[0];
    assert.ok(bench);
    await workouts.addSet(fromMine.id, bench.id, set(5));

    const shown = (id: string) => workouts.state.byId[id];
    assert.deepEqual(
      shown(fromMine.id)?.exercises.map((exercise) => [exercise.name, exercise.plan, exercise.sets.length]),
      [
        ['Bench press', { sets: 3, reps: 5, duration: null, distance: null, rest: null, weight: 60 }, 1],
        ['Pull-up', { sets: 2, reps: 8, duration: null, distance: null, rest: null, weight: null }, 0],
      ],
      "the template's exercises and planned sets, at once",
    );
    assert.equal(shown(empty.id)?.name, 'Legs');
    assert.equal(workouts.state.summaries[fromSystem.id]?.status, 'in_progress', 'listed at once');
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      [
        'Starting Push pull',
        `Starting ${system.name}`,
        'Starting Legs',
        'Adding Squat',
        'Set 1 of Squat',
        'Set 1 of Bench press',
      ],
    );
    const predicted = [fromMine.id, fromSystem.id, empty.id].map((id) => content(shown(id)));
    for (const id of [fromMine.id, fromSystem.id, empty.id]) assert.equal(await tab.onServer(id), null);

    await tab.sent();
    const landed = await Promise.all([fromMine.id, fromSystem.id, empty.id].map(tab.onServer));
    assert.deepEqual(
      landed.map(content),
      predicted,
      'the server made each as it was shown offline: the same ids, names, plans, sets and times',
    );
    assert.ok(
      await waitUntil(() => isDeepStrictEqual(content(shown(empty.id)), content(landed[2]))),
      'the store shows what the server holds',
    );
    tab.close();
  });

  it('changes a workout offline as the logger does, shown at once, and the server ends the same', async () => {
    const tab = await basement();
    const { workouts } = tab;
    const workout = (await tab.api('POST', '/workouts', { name: 'Legs' })).body as Workout;
    const ids: string[] = [];
    for (const name of ['Squat', 'Lunge', 'Calf raise']) {
      const exercise = (await tab.api('POST', `/workouts/${workout.id}/exercises`, { name })).body;
      await tab.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, set(5));
      ids.push(exercise.id);
    }
    const [squat, lunge, calf] = ids as [string, string, string];
    workouts.showWorkout(workout.id);
    assert.ok(await waitUntil(() => workouts.state.byId[workout.id]?.exercises.length === 3), 'loaded');

    await workouts.update(workout.id, { notes: 'Knees fine' });
    await workouts.updateExercise(workout.id, squat, { notes: 'Slow down' });
    await workouts.updateExercise(workout.id, squat, { superset: 'a1' });
    await workouts.updateExercise(workout.id, lunge, { superset: 'a1' });
    await workouts.moveExercise(workout.id, calf, 0);
    await workouts.updateExercise(workout.id, lunge, { superset: null });
    await workouts.removeExercise(workout.id, lunge);
    await workouts.saveAsTemplate(workout.id, 'Calves first');
    await workouts.update(workout.id, { name: 'Leg day' });

    const shown = workouts.state.byId[workout.id];
    assert.equal(shown?.name, 'Leg day');
    assert.equal(shown?.notes, 'Knees fine');
    assert.deepEqual(
      shown?.exercises.map((exercise) => [exercise.name, exercise.notes, exercise.superset ?? null]),
      [
        ['Calf raise', null, null],
        ['Squat', 'Slow down', 'a1'],
      ],
    );
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      [
        'Note on Legs',
        'Note on Squat',
        'Superset of Squat',
        'Superset of Lunge',
        'Moving Calf raise',
        'Superset of Lunge',
        'Removing Lunge',
        'Saving Calves first as a template',
        'Changing Legs',
      ],
    );
    const offline = content(shown);

    await tab.sent();
    assert.deepEqual(content(await tab.onServer(workout.id)), offline, 'the server ends as shown offline');
    const { data } = (await tab.api('GET', '/templates?mine=true')).body as { data: Template[] };
    assert.deepEqual(
      data.map((template) => [template.name, template.exercises.map((exercise) => exercise.name)]),
      [['Calves first', ['Calf raise', 'Squat']]],
      'saved as a template of the workout as it was then',
    );
    tab.close();
  });

  it('ends one workout and starts the next offline: the app finds the new one in progress, and deleted it goes', async () => {
    const tab = await basement();
    const { workouts } = tab;
    const first = (await tab.api('POST', '/workouts', { name: 'Push' })).body as Workout;
    workouts.showList();
    workouts.showWorkout(first.id);
    assert.ok(await waitUntil(() => workouts.state.byId[first.id] !== undefined), 'shown');
    const inProgress = createInProgress(tab.device.api, workouts);
    assert.equal((await inProgress.find())?.id, first.id, "the server's");

    await workouts.end(first.id);
    assert.equal(await inProgress.find(), null, 'ended offline: the server still has it in progress, the app does not');
    const next = await workouts.start({ name: 'Pull', date: '2026-11-27' });
    assert.equal((await inProgress.find())?.id, next.id, 'started offline');
    const third = await workouts.start({ name: 'Oops', date: '2026-11-27' });
    await workouts.remove(third.id);
    assert.equal(workouts.state.byId[third.id], undefined, 'deleted at once');
    assert.ok(!workouts.state.list.includes(third.id), 'and gone from the list');

    await tab.sent();
    assert.equal((await tab.onServer(first.id))?.status, 'completed');
    assert.equal((await tab.onServer(next.id))?.status, 'in_progress');
    assert.equal(await tab.onServer(third.id), null, 'started and deleted: not on the server');
    assert.equal(tab.sync.state.notKept.length, 0);
    tab.close();
  });

  it('takes a workout started offline off the screen when its start is refused, with what was logged in it', async () => {
    const tab = await basement();
    const { workouts } = tab;
    const template = await pushPull(tab.api);
    const workout = await workouts.startFromTemplate(template, '2026-11-27');
    const bench = workout.exercises[0];
    assert.ok(bench);
    await workouts.addSet(workout.id, bench.id, set(5));
    // The template deleted on another device before the start was sent.
    assert.equal((await tab.api('DELETE', `/templates/${template.id}`)).status, 200);

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0 && tab.sync.state.notKept.length === 2));
    assert.deepEqual(
      tab.sync.state.notKept.map((notKept) => [notKept.label, notKept.status, notKept.because]),
      [
        ['Starting Push pull', 404, null],
        ['Set 1 of Bench press', 404, 'Starting Push pull'],
      ],
    );
    assert.ok(await waitUntil(() => workouts.state.byId[workout.id] === undefined), 'gone from the screen');
    assert.ok(!workouts.state.list.includes(workout.id), 'and from the list');
    tab.close();
  });

  it('shows a workout started offline after a reload without a connection, from its queued start', async () => {
    const tab = await basement();
    const template = await pushPull(tab.api);
    const started = await tab.workouts.startFromTemplate(template, '2026-11-27');
    const bench = started.exercises[0];
    assert.ok(bench);
    await tab.workouts.addSet(started.id, bench.id, set(5));
    const before = content(tab.workouts.state.byId[started.id]);

    // The page loaded again in the basement: every request fails for want of a network.
    const noNetwork = apiWithoutNetwork();
    const reloaded = createWorkouts(noNetwork);
    reloaded.showWorkout(started.id);
    await reloaded.writeOffline(tab.writes);
    assert.ok(await waitUntil(() => reloaded.state.byId[started.id] !== undefined), 'shown from its queued start');
    assert.deepEqual(content(reloaded.state.byId[started.id]), before, 'with its exercises, plans and the set');
    assert.equal(reloaded.state.missing[started.id], undefined, 'not taken for a workout that is not there');
    await reloaded.writeOffline(null);
    tab.close();
  });
});
