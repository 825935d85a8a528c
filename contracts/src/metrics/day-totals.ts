import type { ExerciseCategory } from '../exercises/events.ts';
import type { MealDocument } from '../nutrition/api.ts';
import type { NutritionTargets } from '../nutrition/targets.ts';
import type { DailyMetrics } from './api.ts';
import { dailyMetrics, type WorkoutEffort } from './daily.ts';

/** The read model /metrics/today, /weekly and /monthly answer from: one small document per user and day. */
export const DAILY_METRICS_MODEL = 'daily_metrics';

export type MealTotals = Pick<MealDocument, 'calories' | 'protein' | 'carbs' | 'fat'>;

/**
 * What a user logged on one day, as totals: each meal's totals (by meal id), the water and steps,
 * and each workout's effort (by workout id). Small whatever the history, and found by id or by
 * month. What depends on the profile (targets, weight) or on the exercise library (categories)
 * is left to the read, since those change after the day.
 */
export type DayTotalsDocument = {
  id: string;
  user_id: string;
  kind: 'day';
  date: string;
  /** YYYY-MM: a month's days are one indexed query. */
  month: string;
  meals: Record<string, MealTotals>;
  water_ml: number;
  steps: number;
  workouts: Record<string, WorkoutEffort>;
};

export const dayTotalsId = (userId: string, date: string) => `day:${userId}:${date}`;

/** The library exercises a day's workouts name (those categories decide calories burned). */
export const exercisesOfDay = (day: Pick<DayTotalsDocument, 'workouts'>) =>
  Object.values(day.workouts).flatMap((workout) =>
    workout.exercises.flatMap((exercise) => (exercise.exercise_id ? [exercise.exercise_id] : [])),
  );

/**
 * A day's metrics from its totals document (null: nothing logged), the same answer the day's
 * meals, water, workouts and steps documents give: meals are summed in the order of their ids,
 * as the read store lists them.
 */
export function metricsOfDay(
  date: string,
  day: Pick<DayTotalsDocument, 'meals' | 'water_ml' | 'steps' | 'workouts'> | null,
  reader: {
    targets: NutritionTargets;
    weightKg: number | null;
    categoryOf: (exerciseId: string) => ExerciseCategory | undefined;
  },
): DailyMetrics {
  const mealIds = Object.keys(day?.meals ?? {}).sort((a, b) => (a < b ? -1 : +(a > b)));
  return dailyMetrics({
    date,
    meals: mealIds.map((id) => day?.meals[id] as MealTotals),
    waterMl: day?.water_ml ?? 0,
    workouts: Object.values(day?.workouts ?? {}),
    steps: day?.steps ?? 0,
    ...reader,
  });
}
