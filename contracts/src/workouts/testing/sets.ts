import type { WorkoutSet } from '../api.ts';
import type { WorkoutEvent } from '../events.ts';
import { type SetValues, setValuesFromBody } from '../sets.ts';

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

/** A set logged as its event says it, for unit tests: the values given, the rest as a set's request leaves them out. */
export const setLogged = (
  workoutId: string,
  workoutExerciseId: string,
  setId: string,
  values: Partial<SetValues> & { reps: number },
  loggedAt = '2026-11-20T10:00:02.000Z',
): Extract<WorkoutEvent, { type: 'SetLogged' }> => ({
  type: 'SetLogged',
  data: { workoutId, workoutExerciseId, setId, loggedAt, ...setValuesFromBody({ reps: values.reps }), ...values },
});
