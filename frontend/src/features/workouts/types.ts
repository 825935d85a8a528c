/** The workout shapes of the API, from the shared contracts (type-only: nothing of it ships). */
export type { Workout, WorkoutExercise, WorkoutList as WorkoutPage, WorkoutSet } from '@fitness/contracts';

/** What the set form sends: the body of POST .../sets as the app fills it. */
export type SetInput = {
  reps: number;
  weight: number | null;
  rest_time: number | null;
  type: 'warmup' | 'working';
  duration: number | null;
  distance: number | null;
  notes: string | null;
};
