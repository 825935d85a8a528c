import type { ExerciseCategory } from '../exercises/events.ts';
import type { Nutrients } from '../nutrition/arithmetic.ts';
import type { NutritionTargets } from '../nutrition/targets.ts';
import type { WorkoutDocument } from '../workouts/api.ts';
import type { DailyMetrics } from './api.ts';

/** The spec's sample target, and the common public-health guideline. */
export const STEPS_TARGET = 10_000;
/** Used for energy burned while the profile has no weight. */
export const REFERENCE_WEIGHT_KG = 70;

/**
 * Metabolic equivalents per exercise category, from the 2024 Adult Compendium of Physical
 * Activities: resistance training with multiple exercises (code 02054, 5.0 MET), general
 * aerobic/cardio training (02080-ish band, taken as 7.0), stretching and mobility (02101,
 * 2.3 → 2.5), and a middle value for sports played as training (7.0).
 */
export const MET_BY_CATEGORY: Record<ExerciseCategory, number> = {
  strength: 5.0,
  cardio: 7.0,
  flexibility: 2.5,
  sports: 7.0,
};

/**
 * What a day's metrics need of a workout: its status, duration, and each exercise's library id
 * and number of sets. Calories burned are worked out from it when read, since the categories of
 * exercises and the user's weight may change after the workout.
 */
export type WorkoutEffort = {
  status: WorkoutDocument['status'];
  duration: number | null;
  exercises: { exercise_id: string | null; sets: number }[];
};

export const workoutEffort = (workout: {
  status: WorkoutDocument['status'];
  duration: number | null;
  exercises: { exercise_id: string | null; sets: readonly unknown[] }[];
}): WorkoutEffort => ({
  status: workout.status,
  duration: workout.duration,
  exercises: workout.exercises.map((exercise) => ({ exercise_id: exercise.exercise_id, sets: exercise.sets.length })),
});

/**
 * Energy burned in a completed workout: MET × body weight (kg) × hours, with the workout's
 * time shared among its exercises by their number of sets and each share at its category's MET.
 * Exercises not in the library count as strength, the most common case.
 */
export function caloriesBurned(
  workout: WorkoutEffort,
  categoryOf: (exerciseId: string) => ExerciseCategory | undefined,
  weightKg: number,
) {
  if (workout.status !== 'completed' || !workout.duration) return 0;
  const hours = workout.duration / 60;
  const sets = workout.exercises.map((exercise) => Math.max(1, exercise.sets));
  const totalSets = sets.reduce((sum, count) => sum + count, 0);
  if (totalSets === 0) return Math.round(MET_BY_CATEGORY.strength * weightKg * hours);
  const kcal = workout.exercises.reduce((sum, exercise, index) => {
    const category = (exercise.exercise_id && categoryOf(exercise.exercise_id)) || 'strength';
    return sum + MET_BY_CATEGORY[category] * weightKg * hours * ((sets[index] ?? 1) / totalSets);
  }, 0);
  return Math.round(kcal);
}

/**
 * Where a day's eating stands against its allowance, the calorie target plus what training
 * burned: the kilocalories still left, or how far past it (`over`). The API's `remaining` is the
 * first, never below 0; a screen saying how far over the day is needs the second.
 */
export function calorieBalance(calories: { consumed: number; burned: number; target: number }) {
  const left = calories.target + calories.burned - calories.consumed;
  return left >= 0 ? { over: false, kcal: left } : { over: true, kcal: -left };
}

/** One day's metrics from what was logged that day. */
export function dailyMetrics(input: {
  date: string;
  /** What the day's meals add up to (`mealsTotal`). */
  eaten: Nutrients;
  waterMl: number;
  /** Each workout's effort; `count`: that many workouts of the same effort (1 unless given). */
  workouts: (WorkoutEffort & { count?: number })[];
  steps: number;
  targets: NutritionTargets;
  weightKg: number | null;
  categoryOf: (exerciseId: string) => ExerciseCategory | undefined;
}): DailyMetrics {
  const { targets } = input;
  const { eaten } = input;
  const completed = input.workouts.filter((workout) => workout.status === 'completed');
  const weight = input.weightKg ?? REFERENCE_WEIGHT_KG;
  const times = (workout: { count?: number }) => workout.count ?? 1;
  const burned = completed.reduce(
    (sum, workout) => sum + times(workout) * caloriesBurned(workout, input.categoryOf, weight),
    0,
  );
  const tenth = (value: number) => Math.round(value * 10) / 10;
  const consumed = Math.round(eaten.kcal);
  const balance = calorieBalance({ consumed, burned, target: targets.kcal });
  return {
    date: input.date,
    calories: { consumed, burned, target: targets.kcal, remaining: balance.over ? 0 : balance.kcal },
    macros: {
      protein: { consumed: tenth(eaten.protein), target: targets.protein },
      carbs: { consumed: tenth(eaten.carbs), target: targets.carbs },
      fat: { consumed: tenth(eaten.fat), target: targets.fat },
    },
    workouts: {
      completed: completed.reduce((sum, workout) => sum + times(workout), 0),
      duration: completed.reduce((sum, workout) => sum + times(workout) * (workout.duration ?? 0), 0),
    },
    water: { consumed: input.waterMl, target: targets.water_ml },
    steps: { count: input.steps, target: STEPS_TARGET },
  };
}

/** The days of the week containing `day` (YYYY-MM-DD), starting Monday or Sunday. */
export function weekOf(day: string, startOfWeek: 'monday' | 'sunday'): string[] {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay(); // 0 = Sunday
  const back = startOfWeek === 'monday' ? (weekday + 6) % 7 : weekday;
  return Array.from({ length: 7 }, (_, i) =>
    new Date(date.getTime() + (i - back) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The days of the calendar month containing `day`. */
export function monthOf(day: string): string[] {
  const [year = 1970, month = 1] = day.split('-').map(Number);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => new Date(Date.UTC(year, month - 1, i + 1)).toISOString().slice(0, 10));
}

/** Totals and per-day averages of a span of days. */
export function summarize(days: DailyMetrics[]) {
  const sum = (pick: (day: DailyMetrics) => number) => days.reduce((total, day) => total + pick(day), 0);
  const totals = {
    calories_consumed: sum((d) => d.calories.consumed),
    calories_burned: sum((d) => d.calories.burned),
    protein: Math.round(sum((d) => d.macros.protein.consumed) * 10) / 10,
    carbs: Math.round(sum((d) => d.macros.carbs.consumed) * 10) / 10,
    fat: Math.round(sum((d) => d.macros.fat.consumed) * 10) / 10,
    workouts: sum((d) => d.workouts.completed),
    workout_minutes: sum((d) => d.workouts.duration),
    water: sum((d) => d.water.consumed),
    steps: sum((d) => d.steps.count),
  };
  const n = Math.max(1, days.length);
  const averages = Object.fromEntries(
    Object.entries(totals).map(([key, value]) => [key, Math.round((value / n) * 10) / 10]),
  ) as typeof totals;
  return { totals, averages };
}
