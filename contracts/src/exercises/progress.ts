import { type Static, type TSchema, Type } from 'typebox';
import { PageMeta, PageNumber, PerPage } from '../paging.ts';
import { RecordsQuery, RecordsSchema } from '../records/api.ts';
import { countsForRecords, estimatedOneRepMax, type OneRepMaxFormula } from '../records/records.ts';
import { WorkoutSet } from '../workouts/api.ts';

/**
 * An exercise's progress page: its records, each session summed up for the charts
 * (GET /exercises/{id}/progress), and every session's sets, newest first, a page at a time
 * (GET /exercises/{id}/history).
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One workout's sets of the exercise, summed up. Weights in kilograms. */
export const ExerciseSession = Type.Object({
  workout_id: Type.String(),
  date: Type.String(),
  completed: Type.Boolean(),
  /** Sets logged, warm-ups included. */
  sets: Type.Integer(),
  /** Weight × reps over the sets that count for records (warm-ups left out). */
  volume: Type.Number(),
  /** The heaviest such set, the one with the most reps at that weight; null without a weighted set. */
  top_set: Nullable(Type.Object({ weight: Type.Number(), reps: Type.Integer() })),
  /** The best estimated one-rep max of such a set, by the formula asked for. */
  e1rm: Nullable(Type.Number()),
  /** The most reps in one such set (0 without one). */
  most_reps: Type.Integer(),
  /** Time (seconds) and distance (metres) over such sets, for an exercise timed or measured. */
  duration: Type.Integer(),
  distance: Type.Number(),
});
export type ExerciseSession = Static<typeof ExerciseSession>;

/** ?formula=epley|brzycki, as /metrics/prs takes it: the one-rep max of the records and the sessions. */
export const ExerciseProgressQuery = RecordsQuery;

export const ExerciseProgress = Type.Object({
  exercise_id: Type.String(),
  /** The formula the estimated one-rep maxes are worked out by. */
  formula: Type.Union([Type.Literal('epley'), Type.Literal('brzycki')]),
  records: RecordsSchema,
  /** Every workout with the exercise (in progress too), in the order they happened. */
  sessions: Type.Array(ExerciseSession),
});
export type ExerciseProgress = Static<typeof ExerciseProgress>;

export const ExerciseHistoryQuery = Type.Object({
  page: Type.Optional(PageNumber),
  per_page: Type.Optional(PerPage(50, 10)),
});

export const ExerciseHistoryEntry = Type.Object({
  workout_id: Type.String(),
  workout_name: Type.String(),
  date: Type.String(),
  started_at: Type.String(),
  completed: Type.Boolean(),
  /** The exercise's sets in the workout, in the order logged (all its entries there, if added twice). */
  sets: Type.Array(WorkoutSet),
});
export type ExerciseHistoryEntry = Static<typeof ExerciseHistoryEntry>;

export const ExerciseHistoryPage = Type.Object({ data: Type.Array(ExerciseHistoryEntry), meta: PageMeta });
export type ExerciseHistoryPage = Static<typeof ExerciseHistoryPage>;

type SessionSet = Pick<WorkoutSet, 'reps' | 'weight' | 'type' | 'duration' | 'distance'>;

const tenths = (value: number) => Math.round(value * 10) / 10;

/** A workout's sets of an exercise summed up (see ExerciseSession). */
export function exerciseSession(
  workout: { workout_id: string; date: string; completed: boolean },
  sets: SessionSet[],
  formula: OneRepMaxFormula,
): ExerciseSession {
  const counted = sets.filter(countsForRecords);
  const weighted = counted.filter(
    (set): set is SessionSet & { weight: number } => set.weight !== null && set.weight > 0,
  );
  const top = weighted.reduce<{ weight: number; reps: number } | null>(
    (best, set) =>
      !best || set.weight > best.weight || (set.weight === best.weight && set.reps > best.reps)
        ? { weight: set.weight, reps: set.reps }
        : best,
    null,
  );
  return {
    ...workout,
    sets: sets.length,
    volume: tenths(weighted.reduce((sum, set) => sum + set.weight * set.reps, 0)),
    top_set: top,
    e1rm: weighted.length
      ? Math.max(...weighted.map((set) => estimatedOneRepMax(set.weight, set.reps, formula)))
      : null,
    most_reps: Math.max(0, ...counted.map((set) => set.reps)),
    duration: counted.reduce((sum, set) => sum + (set.duration ?? 0), 0),
    distance: tenths(counted.reduce((sum, set) => sum + (set.distance ?? 0), 0)),
  };
}
