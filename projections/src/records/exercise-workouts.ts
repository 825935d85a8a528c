import {
  countsForRecords,
  inTheOrderLogged,
  type LoggedAt,
  type PersonalRecord,
  RECORD_TYPES,
  type RecordSet,
  type RecordType,
  recordValues,
  type WorkoutSet,
} from '@fitness/contracts';

/** The kinds bests are kept for: the records, and the best 1RM by Brzycki beside Epley's. */
export type BestKind = RecordType | 'best_e1rm_brzycki';
export const BEST_KINDS: readonly BestKind[] = [...RECORD_TYPES, 'best_e1rm_brzycki'];

/**
 * The best set of one kind an exercise had in one workout (the first to reach it): all that the
 * workout contributes to the exercise's record of that kind, whatever came before the workout
 * (a record beats the bests of earlier workouts only, never its own workout's lower sets).
 */
export type WorkoutBest = { value: number; set_id: string; reps: number; weight: number | null };

/** One exercise in one workout (all the times it was added there), as its records need it. */
export type ExerciseWorkout = {
  /** The workout, and where the exercise first appears in it. */
  at: LoggedAt;
  completed: boolean;
  /** The library id it was first added with, and the name it was last added under, in this workout. */
  exercise_id: string | null;
  name: string;
  bests: Partial<Record<BestKind, WorkoutBest>>;
};

/** What a set needs for the bests it may hold. */
export type BestsSet = RecordSet & Pick<WorkoutSet, 'type'>;

/**
 * Folds a set, logged after those already folded in, into one workout's bests, in place.
 * Returns whether it changed them.
 */
export function foldBests(bests: ExerciseWorkout['bests'], set: BestsSet) {
  if (!countsForRecords(set)) return false;
  let changed = false;
  const values: [BestKind, number][] = recordValues(set, 'epley');
  for (const [type, value] of recordValues(set, 'brzycki')) {
    if (type === 'best_e1rm') values.push(['best_e1rm_brzycki', value]);
  }
  for (const [type, value] of values) {
    const best = bests[type];
    if (best && value <= best.value) continue;
    bests[type] = { value, set_id: set.id, reps: set.reps, weight: set.weight };
    changed = true;
  }
  return changed;
}

export const inTheOrderOf = (a: { at: LoggedAt }, b: { at: LoggedAt }) => inTheOrderLogged(a.at, b.at);

/**
 * The best of one kind over a run of workouts in order (one workout, or many): the first set to
 * reach it, and the best of an earlier workout of the run it beat, if any.
 */
export type RunBest = Omit<PersonalRecord, 'previous'> & { before: { value: number; date: string } | null };
export type RunBests = Partial<Record<BestKind, RunBest>>;

/** The bests of workouts in order, as one run (see `recordsOver`). */
export function runBestsOver(workouts: ExerciseWorkout[]): RunBests {
  const run: RunBests = {};
  for (const { at, bests } of workouts) {
    for (const type of BEST_KINDS) {
      const best = bests[type];
      if (!best) continue;
      const current = run[type];
      if (current && best.value <= current.value) continue;
      // Each workout gives one best of a kind, so the run's best so far is an earlier workout's.
      const before = current ? { value: current.value, date: current.date } : null;
      const { value, reps, weight, set_id } = best;
      run[type] = { value, reps, weight, date: at.date, workout_id: at.workout_id, set_id, before };
    }
  }
  return run;
}

/**
 * The records over runs of workouts in order, from each run's bests: a record is the first set to
 * reach the highest value, and the best it beat is the highest of an earlier workout, in an
 * earlier run or earlier in its own. The same records `recordSet` leaves set by set, since the
 * highest of highests is the highest: so runs of runs fold alike.
 */
export function recordsOver(runs: Iterable<RunBests>) {
  const records: Partial<Record<BestKind, PersonalRecord>> = {};
  for (const run of runs) {
    for (const type of BEST_KINDS) {
      const best = run[type];
      if (!best) continue;
      const current = records[type];
      if (current && best.value <= current.value) continue;
      const { before, ...record } = best;
      const previous =
        before && before.value > (current?.value ?? 0)
          ? before
          : current
            ? { value: current.value, date: current.date }
            : null;
      records[type] = { ...record, previous };
    }
  }
  return records;
}

/**
 * The days records were beaten in completed workouts (by Epley), in order: a workout beats a
 * kind's best when its own best of that kind is higher, once however often it raised it.
 */
export function beatDaysOver(workouts: Iterable<ExerciseWorkout>) {
  const bests = new Map<RecordType, number>();
  const days: string[] = [];
  for (const { at, completed, bests: own } of workouts) {
    if (!completed) continue;
    for (const type of RECORD_TYPES) {
      const value = own[type]?.value;
      if (value === undefined) continue;
      const best = bests.get(type);
      if (best !== undefined && value <= best) continue;
      if (best !== undefined) days.push(at.date);
      bests.set(type, value);
    }
  }
  return days;
}
