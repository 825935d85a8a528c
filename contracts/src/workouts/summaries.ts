import type { Workout, WorkoutSummary } from './api.ts';

/**
 * What a list shows of a workout, without a schema: the web app's first screen folds summaries
 * with these, and importing api.ts would bring TypeBox's builder (~10 KB gzipped) along with them.
 */

/** The read model of workout summaries (the list reads it; `summariseWorkout` says what it holds). */
export const WORKOUT_SUMMARIES_MODEL = 'workout_summaries';

/** The summary of a workout: what a list shows of it. */
export function summariseWorkout({ exercises, ...details }: Workout): WorkoutSummary {
  const sets = exercises.flatMap((exercise) => exercise.sets);
  return {
    ...details,
    exercise_count: exercises.length,
    set_count: sets.length,
    volume: sets.reduce((sum, set) => sum + setVolume(set.reps, set.weight), 0),
  };
}

/** A set's volume: reps times kg; a bodyweight set lifts none. */
export const setVolume = (reps: number, weight: number | null) => reps * (weight ?? 0);
