import type { WorkoutEvent } from './events.ts';
import type { SetValues } from './sets.ts';

/** An exercise of a workout and its sets as they stand, by set id in the order logged. */
export type ExerciseSets = { exerciseId: string | null; sets: Map<string, SetValues> };

/** A workout's exercises (by workout exercise id, in the order added) and their sets as they stand. */
export type WorkoutSets = Map<string, ExerciseSets>;

/**
 * The one fold of a workout's sets: what its exercises hold after one of its events, the values
 * of each set with the changes made to it since. What a read model counts of a workout's sets
 * (how many, their volume, each exercise's number) is derived from it; null before the workout
 * starts and once it is deleted. Where the projections fold, one state is kept per workout
 * through thousands of events of a batch, so the state is changed in place and returned: a copy
 * per event would cost as much as the workout holds, at every set. No I/O, nothing but the event.
 */
export function evolveWorkoutSets(workout: WorkoutSets | null, event: WorkoutEvent): WorkoutSets | null {
  if (event.type === 'WorkoutStarted') return new Map();
  if (workout === null || event.type === 'WorkoutDeleted') return null;
  switch (event.type) {
    case 'WorkoutExerciseAdded': {
      const { workoutExerciseId, exerciseId } = event.data;
      if (!workout.has(workoutExerciseId)) workout.set(workoutExerciseId, { exerciseId, sets: new Map() });
      break;
    }
    case 'WorkoutExerciseRemoved':
      workout.delete(event.data.workoutExerciseId);
      break;
    case 'SetLogged': {
      const { workoutId: _, workoutExerciseId, setId, loggedAt: _at, ...values } = event.data;
      // A stream whose start was erased holds sets of exercises it no longer adds: they stand too.
      const exercise = workout.get(workoutExerciseId) ?? { exerciseId: null, sets: new Map() };
      exercise.sets.set(setId, values);
      workout.set(workoutExerciseId, exercise);
      break;
    }
    case 'SetChanged': {
      const { workoutExerciseId, setId, changes } = event.data;
      const sets = workout.get(workoutExerciseId)?.sets;
      const set = sets?.get(setId);
      if (sets && set) sets.set(setId, { ...set, ...changes });
      break;
    }
    case 'SetRemoved':
      workout.get(event.data.workoutExerciseId)?.sets.delete(event.data.setId);
      break;
    case 'WorkoutDetailsChanged':
    case 'WorkoutCompleted':
    case 'WorkoutExerciseChanged':
      break;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
  return workout;
}
