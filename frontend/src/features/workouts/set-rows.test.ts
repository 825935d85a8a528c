import assert from 'node:assert/strict';
import type { WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { workoutSet as set } from '@fitness/contracts/workouts/testing/sets.ts';
import { describe, it } from 'vitest';
import type { Previous } from '../../lib/stores/workouts.ts';
import { nextSetType, type PlannedRow, setRows } from './set-rows.ts';

const plan = (fields: Partial<NonNullable<WorkoutExercise['plan']>> = {}) => ({
  sets: 3,
  reps: 5,
  duration: null,
  distance: null,
  rest: 120,
  ...fields,
});
const previous = (sets: WorkoutSet[]): Previous => ({
  workout_exercise_id: 'e1',
  workout_id: 'w0',
  date: '2026-11-13',
  sets,
});
const base = { previous: undefined, drafts: undefined, open: true, units: 'metric' as const, defaultRest: 90 };
const planned = (rows: ReturnType<typeof setRows>) =>
  rows
    .filter((row): row is PlannedRow => row.kind === 'planned')
    .map(({ index, values, rest }) => ({ index, ...values, rest }));

describe('the rows of an exercise in the logger', () => {
  it("plans a template's sets, with its reps and weight, after the sets logged", () => {
    const rows = setRows({ ...base, exercise: { sets: [set('s1', 100, 5)], plan: plan({ weight: 100 }) } });
    assert.deepEqual(
      rows.map((row) => row.kind),
      ['logged', 'planned', 'planned'],
    );
    assert.deepEqual(planned(rows), [
      { index: 1, weight: '100', reps: '5', type: 'working', duration: '', distance: '', rpe: '', rest: 120 },
      { index: 2, weight: '100', reps: '5', type: 'working', duration: '', distance: '', rpe: '', rest: 120 },
    ]);
  });

  it("prefills last time's sets at their places, warm-ups included, and their rest", () => {
    const before = previous([
      set('p1', 40, 10, { type: 'warmup', rest_time: 60 }),
      set('p2', 80, 5, { rest_time: 150 }),
    ]);
    const rows = setRows({ ...base, previous: before, exercise: { sets: [], plan: null } });
    assert.deepEqual(planned(rows), [
      { index: 0, weight: '40', reps: '10', type: 'warmup', duration: '', distance: '', rpe: '', rest: 60 },
      { index: 1, weight: '80', reps: '5', type: 'working', duration: '', distance: '', rpe: '', rest: 150 },
    ]);
    assert.equal(rows[1]?.previous?.id, 'p2');
  });

  it('carries a weight typed into a row down to the rows below it, but never the set type or the RPE', () => {
    const rows = setRows({
      ...base,
      exercise: { sets: [], plan: plan() },
      drafts: { values: { 0: { weight: '60', type: 'warmup', rpe: '7' } } },
    });
    assert.deepEqual(
      planned(rows).map(({ weight, reps, type, rpe }) => [weight, reps, type, rpe]),
      [
        ['60', '5', 'warmup', '7'],
        ['60', '5', 'working', ''],
        ['60', '5', 'working', ''],
      ],
    );
  });

  it("shows a logged set's RPE, and does not prefill last time's: how hard a set feels is today's", () => {
    const rows = setRows({
      ...base,
      previous: previous([set('p1', 80, 5, { rpe: 9 }), set('p2', 80, 5, { rpe: 9.5 })]),
      exercise: { sets: [set('s1', 82.5, 5, { rpe: 8.5 })], plan: null },
    });
    assert.deepEqual(
      rows.map((row) => [row.kind, row.values.rpe]),
      [
        ['logged', '8.5'],
        ['planned', ''],
      ],
    );
  });

  it("keeps last time's bodyweight set as bodyweight, whatever the row above weighs", () => {
    const before = previous([set('p1', 20, 8), set('p2', null, 8)]);
    const rows = setRows({ ...base, previous: before, exercise: { sets: [], plan: null } });
    assert.deepEqual(
      planned(rows).map(({ weight }) => weight),
      ['20', ''],
    );
  });

  it('adds a row copying the last one, and shows one empty row for an exercise never done', () => {
    assert.deepEqual(planned(setRows({ ...base, exercise: { sets: [], plan: null } })), [
      { index: 0, weight: '', reps: '', type: 'working', duration: '', distance: '', rpe: '', rest: 90 },
    ]);
    const logged = { sets: [set('s1', 62.5, 8, { type: 'warmup' })], plan: null };
    assert.deepEqual(planned(setRows({ ...base, exercise: logged })), [], 'the one row is logged');
    assert.deepEqual(planned(setRows({ ...base, exercise: logged, drafts: { rows: 2, values: {} } })), [
      { index: 1, weight: '62.5', reps: '8', type: 'working', duration: '', distance: '', rpe: '', rest: 90 },
    ]);
  });

  it('shows weights in pounds for imperial units', () => {
    const rows = setRows({ ...base, units: 'imperial', exercise: { sets: [], plan: plan({ sets: 1, weight: 100 }) } });
    assert.equal(planned(rows)[0]?.weight, '220.5');
  });

  it('shows only the sets logged once the workout is over', () => {
    const rows = setRows({ ...base, open: false, exercise: { sets: [set('s1', 100, 5)], plan: plan() } });
    assert.deepEqual(
      rows.map((row) => row.kind),
      ['logged'],
    );
  });

  it('cycles the set type through working, warm-up, drop and failure', () => {
    assert.deepEqual(
      ['working', 'warmup', 'drop', 'failure'].map((type) => nextSetType(type as 'working')),
      ['warmup', 'drop', 'failure', 'working'],
    );
  });
});
