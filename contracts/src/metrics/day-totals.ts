import type { ExerciseCategory } from '../exercises/events.ts';
import type { Nutrients } from '../nutrition/arithmetic.ts';
import type { NutritionTargets } from '../nutrition/targets.ts';
import type { DailyMetrics } from './api.ts';
import { dailyMetrics, type WorkoutEffort } from './daily.ts';

/** The read model /metrics/today, /weekly and /monthly answer from. */
export const DAILY_METRICS_MODEL = 'daily_metrics';

/**
 * What a user logged on one day, as totals: what the meals add up to (summed in the order of
 * their ids and rounded once, as `mealsTotal` does), the water and steps, and the workouts'
 * efforts, alike ones counted together (a day of thousands of imported workouts stays small).
 * What depends on the profile (targets, weight) or on the exercise library (categories)
 * is left to the read, since those change after the day.
 */
export type DayTotals = {
  eaten: Nutrients;
  water_ml: number;
  steps: number;
  workouts: (WorkoutEffort & { count: number })[];
};

/**
 * The `daily_metrics` read model's document of one user's calendar month: the totals of each
 * day with anything logged, by date. A week or a month is one or two reads of a few kilobytes,
 * whatever the length of the history or of the log.
 */
export type MonthTotalsDocument = {
  id: string;
  user_id: string;
  kind: 'month';
  /** YYYY-MM */
  month: string;
  days: Record<string, DayTotals>;
};

export const monthTotalsId = (userId: string, month: string) => `month:${userId}:${month}`;
/** The month (YYYY-MM) of a calendar day (YYYY-MM-DD). */
export const monthOfDay = (date: string) => date.slice(0, 7);

/** The library exercises a day's workouts name (those categories decide calories burned). */
export const exercisesOfDay = (day: Pick<DayTotals, 'workouts'>) =>
  day.workouts.flatMap((workout) =>
    workout.exercises.flatMap((exercise) => (exercise.exercise_id ? [exercise.exercise_id] : [])),
  );

const NOTHING_EATEN: Nutrients = { kcal: 0, protein: 0, carbs: 0, fat: 0 };

/** A day's metrics from its totals (none: nothing logged), with the reader's targets, weight and categories as they are now. */
export function metricsOfDay(
  date: string,
  day: DayTotals | null,
  reader: {
    targets: NutritionTargets;
    weightKg: number | null;
    categoryOf: (exerciseId: string) => ExerciseCategory | undefined;
  },
): DailyMetrics {
  return dailyMetrics({
    date,
    eaten: day?.eaten ?? NOTHING_EATEN,
    waterMl: day?.water_ml ?? 0,
    workouts: day?.workouts ?? [],
    steps: day?.steps ?? 0,
    ...reader,
  });
}
