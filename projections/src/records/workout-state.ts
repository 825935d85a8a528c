import type { RecordedEvent, WorkoutDocument, WorkoutEvent, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { workoutsProjection } from '../workouts/workouts-projection.ts';

/**
 * What the projection keeps of a workout to tell what an event changed: its day, start, status
 * and duration, and each exercise's sets with what records and volume need of them (no notes,
 * rest times or timestamps, so it costs about half the workouts read model's document).
 */
export type WorkoutState = Pick<WorkoutDocument, 'id' | 'user_id' | 'date' | 'started_at' | 'status' | 'duration'> & {
  exercises: (Pick<WorkoutExercise, 'id' | 'exercise_id' | 'name'> & { sets: WorkoutStateSet[] })[];
};
export type WorkoutStateSet = Pick<WorkoutSet, 'id' | 'reps' | 'weight' | 'type' | 'duration' | 'distance'>;

/** The workouts read model's own evolve, kept to what the state holds. */
export function evolveWorkoutState(
  state: WorkoutState | null,
  event: RecordedEvent<WorkoutEvent>,
): WorkoutState | null {
  // The evolve only spreads what it does not change, so the fields the state leaves out stay out.
  const workout = workoutsProjection.evolve(state as WorkoutDocument | null, event);
  if (!workout) return null;
  const { id, user_id, date, started_at, status, duration } = workout;
  return {
    id,
    user_id,
    date,
    started_at,
    status,
    duration,
    exercises: workout.exercises.map((exercise) => ({
      id: exercise.id,
      exercise_id: exercise.exercise_id,
      name: exercise.name,
      sets: exercise.sets.map((set) => ({
        id: set.id,
        reps: set.reps,
        weight: set.weight,
        type: set.type,
        duration: set.duration,
        distance: set.distance,
      })),
    })),
  };
}
