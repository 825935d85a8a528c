import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RecordedEvent, workoutStream } from '@fitness/contracts';
import { type EventStore, SqliteEventStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CommandHandler } from '../core/command-handler.ts';
import { uuidFromName } from '../core/ids.ts';
import { importWorkouts } from './importer.ts';

const CSV = [
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  '2026-11-21 07:30:00,Push,1h,Bench Press (Barbell),1,60,8,0,0,,,',
  '2026-11-21 07:30:00,Push,1h,Bench Press (Barbell),2,60,8,0,0,,,',
  '2026-11-21 07:30:00,Push,1h,Zercher Carry (Barbell),1,80,0,0,45,,,',
  '2026-11-23 18:00:00,Legs,45m,Deadlift (Barbell),1,140,5,0,0,,,',
  '2026-11-23 18:00:00,Legs,45m,Deadlift (Barbell),2,140,5,0,0,,,',
  '2026-11-23 18:00:00,Legs,45m,Zercher Carry (Barbell),1,90,0,0,40,,,',
].join('\n');
const KEYS = ['strong|2026-11-21T07:30:00.000Z|Push', 'strong|2026-11-23T18:00:00.000Z|Legs'];

/** The event store with a fault: the appends `failWhen` picks fail as if the process died there. */
function faultyStore(store: EventStore, failWhen: (streamId: string, call: number) => boolean): EventStore {
  let calls = 0;
  return Object.assign(Object.create(store) as EventStore, {
    appendToStream: (...args: Parameters<EventStore['appendToStream']>) => {
      calls += 1;
      if (failWhen(args[0], calls)) return Promise.reject(new Error('the process died here'));
      return store.appendToStream(...args);
    },
  });
}

describe('importing again after an import stopped halfway', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'import-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh process's services over the store: nothing remembered from the attempt before. */
  const services = (eventStore: EventStore) => {
    return { handler: new CommandHandler(eventStore) };
  };
  const context = () => ({ actorId: null, correlationId: randomUUID(), now: new Date() });
  const streams = async (userId: string) =>
    Promise.all(KEYS.map((key) => store.readStream(workoutStream(uuidFromName(`import-workout:${userId}:${key}`)))));
  const types = (events: RecordedEvent[]) => events.map((event) => event.type);

  it('finishes the workouts without doubling a set, exactly as one clean import would', async () => {
    const userId = randomUUID();
    const diesMidWorkout = faultyStore(store, (streamId, call) => streamId.startsWith('workout-') && call === 9);
    await assert.rejects(importWorkouts(services(diesMidWorkout), { userId, csv: CSV }, context()), /died here/);
    const partial = (await streams(userId)).flat().filter((event) => event.type === 'SetLogged').length;
    assert.ok(partial > 0 && partial < 6, `${partial} sets written before the failure`);

    const second = await importWorkouts(services(store), { userId, csv: CSV }, context());
    assert.equal(second.report.workouts_imported + second.report.workouts_skipped_existing, 2);
    assert.equal(second.report.sets_imported, 6 - partial, 'counts only the sets this run wrote');
    const eachWorkout = [
      'WorkoutStarted',
      'WorkoutExerciseAdded',
      'SetLogged',
      'SetLogged',
      'WorkoutExerciseAdded',
      'SetLogged',
      'WorkoutCompleted',
    ];
    assert.deepEqual((await streams(userId)).map(types), [eachWorkout, eachWorkout]);

    const third = await importWorkouts(services(store), { userId, csv: CSV }, context());
    assert.deepEqual(
      [third.report.workouts_imported, third.report.workouts_skipped_existing, third.report.sets_imported],
      [0, 2, 0],
    );
  });

  it('creates the custom exercise whose name it had claimed when it stopped', async () => {
    const userId = randomUUID();
    const diesAfterClaim = faultyStore(
      store,
      (streamId) => streamId.startsWith('exercise-') && !streamId.startsWith('exercise-name-'),
    );
    await assert.rejects(importWorkouts(services(diesAfterClaim), { userId, csv: CSV }, context()), /died here/);
    assert.deepEqual((await streams(userId)).flat(), [], 'no workout was started without its exercises');

    const second = await importWorkouts(services(store), { userId, csv: CSV }, context());
    assert.equal(second.report.exercises_created, 1);
    const carries = (await streams(userId)).map((events) =>
      events.find((event) => event.type === 'WorkoutExerciseAdded' && event.data.name === 'Zercher Carry (Barbell)'),
    );
    const exerciseId = String(carries[0]?.data.exerciseId);
    assert.equal(carries[1]?.data.exerciseId, exerciseId, 'both workouts use the one exercise');
    assert.deepEqual(types(await store.readStream(`exercise-${exerciseId}`)), ['CustomExerciseCreated']);
  });

  it('imports the newer export of a European locale as the same workouts (semicolons, quoted units, decimal commas)', async () => {
    const userId = randomUUID();
    const european = [
      '"Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"',
      '"1";"2026-11-21 07:30:00";"Push";"3600";"Bench Press (Barbell)";"1";"62,5";"8";"";"";"0";"";""',
      '"1";"2026-11-21 07:30:00";"Push";"3600";"Bench Press (Barbell)";"2";"60";"8";"";"";"0";"";""',
    ].join('\r\n');
    const { report } = await importWorkouts(services(store), { userId, csv: european }, context());
    assert.deepEqual([report.workouts_imported, report.sets_imported, report.rows_rejected], [1, 2, []]);
    const [push] = await streams(userId);
    assert.deepEqual(
      push?.filter((event) => event.type === 'SetLogged').map((event) => event.data.weight),
      [62.5, 60],
    );
    assert.equal(push?.find((event) => event.type === 'WorkoutCompleted')?.data.duration, 60);
  });
});
