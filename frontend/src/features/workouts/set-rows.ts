import type { WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { SET_TYPES } from '@fitness/contracts/workouts/set-values.ts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import type { ExerciseDrafts, RowValues } from '../../lib/stores/set-drafts.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import { displayDistance, displayWeight, type Units } from '../../lib/units.ts';
import type { SetDraft } from './setInput.ts';

/** A set already logged, its values as the row shows them, with the set of last time at the same place. */
export type LoggedRow = {
  kind: 'logged';
  index: number;
  set: WorkoutSet;
  values: RowValues;
  previous: WorkoutSet | null;
};

/** A row still to do: prefilled, maybe typed into, with the rest that follows it. */
export type PlannedRow = {
  kind: 'planned';
  index: number;
  values: RowValues;
  previous: WorkoutSet | null;
  /** Seconds of rest after it: last time's, else the plan's, else the user's default. */
  rest: number;
};

export type Row = LoggedRow | PlannedRow;

type Context = {
  exercise: Pick<WorkoutExercise, 'sets' | 'plan'>;
  previous: Previous | undefined;
  drafts: ExerciseDrafts | undefined;
  /** Whether rows still to do are shown: only while the workout is in progress. */
  open: boolean;
  units: Units;
  defaultRest: number;
};

const EMPTY: RowValues = { weight: '', reps: '', type: 'working', duration: '', distance: '', rpe: '' };

/** A set's values as the row shows and edits them, in the user's units. */
function valuesOfSet(set: WorkoutSet, units: Units): RowValues {
  return {
    weight: set.weight === null ? '' : String(displayWeight(set.weight, units)),
    reps: String(set.reps),
    type: set.type,
    duration: set.duration === null ? '' : String(set.duration),
    distance: set.distance === null ? '' : String(displayDistance(set.distance, units)),
    rpe: set.rpe === null ? '' : String(set.rpe),
  };
}

/**
 * How many rows an exercise shows before any is added: as many as the template planned, else as
 * many as last time, else one to start with.
 */
export const plannedCount = (exercise: Context['exercise'], previous: Previous | undefined) =>
  exercise.plan?.sets ?? previous?.sets.length ?? 1;

/**
 * An exercise's rows: the sets logged, then (while the workout is in progress) the rows still to
 * do, each prefilled with what the user is most likely to do there. A row takes what was typed
 * into it, else last time's set at its place, else the plan's reps, time or distance, and what
 * is still empty from the row above (so a weight typed once carries down, and "add set" copies
 * the last row). The set type never carries down: it is last time's at that place, or working;
 * nor does the RPE, which is how hard this set felt: only what was typed.
 */
export function setRows({ exercise, previous, drafts, open, units, defaultRest }: Context): Row[] {
  const logged: LoggedRow[] = exercise.sets.map((set, index) => ({
    kind: 'logged',
    index,
    set,
    values: valuesOfSet(set, units),
    previous: previous?.sets[index] ?? null,
  }));
  if (!open) return logged;
  const shown = Math.max(drafts?.rows ?? plannedCount(exercise, previous), exercise.sets.length);
  const rows: Row[] = [...logged];
  let above: RowValues | null = logged.at(-1)?.values ?? null;
  for (let index = exercise.sets.length; index < shown; index++) {
    const before = previous?.sets[index] ?? null;
    const typed = drafts?.values[index] ?? {};
    // Last time's set is taken as it was (an empty weight there was bodyweight).
    const prefilled = before ? valuesOfSet(before, units) : fromPlan(exercise.plan, units);
    const values: RowValues = { ...EMPTY };
    for (const field of ['weight', 'reps', 'duration', 'distance'] as const) {
      values[field] = typed[field] ?? (before ? prefilled[field] : prefilled[field] || above?.[field] || '');
    }
    values.type = typed.type ?? before?.type ?? 'working';
    values.rpe = typed.rpe ?? '';
    rows.push({
      kind: 'planned',
      index,
      values,
      previous: before,
      rest: before?.rest_time ?? exercise.plan?.rest ?? defaultRest,
    });
    above = values;
  }
  return rows;
}

function fromPlan(plan: Context['exercise']['plan'], units: Units): RowValues {
  if (!plan) return EMPTY;
  return {
    ...EMPTY,
    // A plan saved from a workout names a weight (null: bodyweight); a system template's does not.
    weight: plan.weight === undefined || plan.weight === null ? '' : String(displayWeight(plan.weight, units)),
    reps: plan.reps === null ? '' : String(plan.reps),
    duration: plan.duration === null ? '' : String(plan.duration),
    distance: plan.distance === null ? '' : String(displayDistance(plan.distance, units)),
  };
}

/** The next set type after this one, for the row's badge that cycles through them. */
export const nextSetType = (type: SetType): SetType =>
  SET_TYPES[(SET_TYPES.indexOf(type) + 1) % SET_TYPES.length] as SetType;

/** A row's values as the set form reads them (setInput.ts), with the rest that follows it. */
export const draftOfRow = (values: RowValues, rest: number | null): SetDraft => ({
  ...values,
  rest: rest === null ? '' : String(rest),
  notes: '',
});
