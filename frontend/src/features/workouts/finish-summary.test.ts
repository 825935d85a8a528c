import assert from 'node:assert/strict';
import type { Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import type { PersonalRecord } from '@fitness/contracts/records/records.ts';
import { workoutSet as set } from '@fitness/contracts/workouts/testing/sets.ts';
import { describe, it } from 'vitest';
import type { RecordEntry } from '../../lib/stores/records.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import { recordsBroken, topSet, workoutOutcome } from './finish-summary.ts';

const exercise = (id: string, name: string, sets: WorkoutSet[]): WorkoutExercise => ({
  id,
  exercise_id: null,
  name,
  notes: null,
  plan: null,
  sets,
  created_at: '2026-11-20T10:00:00.000Z',
});
const workout = (exercises: WorkoutExercise[]): Workout => ({
  id: 'w1',
  name: 'Push Day',
  date: '2026-11-20',
  duration: 52,
  status: 'completed',
  notes: null,
  exercises,
  started_at: '2026-11-20T10:00:00.000Z',
  completed_at: '2026-11-20T10:52:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:52:00.000Z',
});
const before = (exerciseId: string, workoutId: string, date: string, sets: WorkoutSet[]): Previous => ({
  workout_exercise_id: exerciseId,
  workout_id: workoutId,
  date,
  sets,
});
const record = (setId: string, workoutId: string, previous: PersonalRecord['previous']): RecordEntry => ({
  exercise_id: null,
  name: 'Bench press',
  type: 'heaviest_weight',
  record: { value: 100, reps: 5, weight: 100, date: '2026-11-20', workout_id: workoutId, set_id: setId, previous },
});

describe('the summary of a finished workout', () => {
  it('adds up sets and volume, leaves out empty exercises, and compares with the last time', () => {
    const bench = exercise('e1', 'Bench press', [set('s1', 40, 10, { type: 'warmup' }), set('s2', 100, 5)]);
    const dips = exercise('e2', 'Dips', [set('s3', null, 12), set('s4', null, 10)]);
    const flyes = exercise('e3', 'Cable flyes', []);
    const outcome = workoutOutcome(workout([bench, dips, flyes]), {
      e1: before('e1', 'w0', '2026-11-13', [set('p1', 95, 5), set('p2', 95, 5)]),
    });
    assert.equal(outcome.duration, 52);
    assert.equal(outcome.sets, 4);
    assert.equal(outcome.volume, 40 * 10 + 100 * 5);
    assert.deepEqual(
      outcome.empty.map((e) => e.name),
      ['Cable flyes'],
    );
    assert.deepEqual(
      outcome.exercises.map(({ name, sets, reps, volume, top, previous }) => ({
        name,
        sets,
        reps,
        volume,
        top: top?.id,
        previous: previous && { ...previous, top: previous.top?.id },
      })),
      [
        {
          name: 'Bench press',
          sets: 2,
          reps: 15,
          volume: 900,
          top: 's2',
          previous: { date: '2026-11-13', sets: 2, reps: 10, volume: 950, top: 'p1' },
        },
        { name: 'Dips', sets: 2, reps: 22, volume: 0, top: 's3', previous: null },
      ],
    );
    assert.deepEqual(outcome.lastTime, { now: 900, before: 950, date: '2026-11-13' });
  });

  it('names no one last time when each exercise was last done in another workout', () => {
    const outcome = workoutOutcome(
      workout([exercise('e1', 'Squat', [set('s1', 100, 5)]), exercise('e2', 'Row', [set('s2', 60, 8)])]),
      {
        e1: before('e1', 'w0', '2026-11-13', [set('p1', 90, 5)]),
        e2: before('e2', 'w9', '2026-11-10', [set('p2', 60, 8)]),
      },
    );
    assert.deepEqual(outcome.lastTime, { now: 980, before: 930, date: null });
    assert.equal(workoutOutcome(workout([exercise('e1', 'Squat', [set('s1', 100, 5)])]), {}).lastTime, null);
  });

  it('takes the heaviest working set as the top one, then the longest, then the most reps', () => {
    assert.equal(topSet([set('a', 100, 3), set('b', 100, 5), set('c', 120, 1, { type: 'warmup' })])?.id, 'b');
    assert.equal(topSet([set('a', null, 1, { duration: 60 }), set('b', null, 1, { duration: 90 })])?.id, 'b');
    assert.equal(topSet([set('a', 20, 10, { type: 'warmup' })])?.id, 'a');
    assert.equal(topSet([]), null);
  });

  it('counts as broken only records beating an earlier best of an exercise done before', () => {
    const bench = exercise('e1', 'Bench press', [set('s1', 100, 5)]);
    const press = exercise('e2', 'Overhead press', [set('s2', 50, 5), set('s3', 55, 5)]);
    const done = workout([bench, press]);
    const beaten = record('s1', 'w1', { value: 95, date: '2026-11-13' });
    const firstTime = record('s3', 'w1', { value: 50, date: '2026-11-20' });
    const elsewhere = record('x9', 'w0', { value: 90, date: '2026-11-06' });
    const baseline = record('s2', 'w1', null);
    const previous = { e1: before('e1', 'w0', '2026-11-13', [set('p1', 95, 5)]) };
    assert.deepEqual(recordsBroken(done, previous, [beaten, firstTime, elsewhere, baseline]), [beaten]);
  });
});
