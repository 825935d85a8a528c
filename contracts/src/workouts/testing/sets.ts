import type { WorkoutSet } from '../api.ts';

/** A working set logged, for unit tests (records, the logger, the summary): its weight (null: bodyweight) and reps, the rest as given. */
export const workoutSet = (
  id: string,
  weight: number | null,
  reps: number,
  fields: Partial<WorkoutSet> = {},
): WorkoutSet => ({
  id,
  reps,
  weight,
  rest_time: null,
  type: 'working',
  notes: null,
  duration: null,
  distance: null,
  rpe: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});
