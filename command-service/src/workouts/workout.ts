import type { WorkoutEvent } from '@fitness/contracts';

/** What the workout's rules need to know: who owns it, where it stands, which ids exist. */
export type WorkoutState = {
  status: 'none' | 'in_progress' | 'completed' | 'deleted';
  userId: string | null;
  startedAt: string | null;
  /** Workout exercise id -> ids of its sets. */
  exercises: Map<string, Set<string>>;
};

export const initialWorkoutState = (): WorkoutState => ({
  status: 'none',
  userId: null,
  startedAt: null,
  exercises: new Map(),
});

export function evolveWorkout(state: WorkoutState, event: WorkoutEvent): WorkoutState {
  switch (event.type) {
    case 'WorkoutStarted':
      return { ...state, status: 'in_progress', userId: event.data.userId, startedAt: event.data.startedAt };
    case 'WorkoutCompleted':
      return { ...state, status: 'completed' };
    case 'WorkoutDeleted':
      return { ...state, status: 'deleted' };
    case 'WorkoutExerciseAdded': {
      const exercises = new Map(state.exercises);
      exercises.set(event.data.workoutExerciseId, new Set());
      return { ...state, exercises };
    }
    case 'WorkoutExerciseRemoved': {
      const exercises = new Map(state.exercises);
      exercises.delete(event.data.workoutExerciseId);
      return { ...state, exercises };
    }
    case 'SetLogged':
    case 'SetRemoved': {
      const exercises = new Map(state.exercises);
      const sets = new Set(exercises.get(event.data.workoutExerciseId));
      if (event.type === 'SetLogged') sets.add(event.data.setId);
      else sets.delete(event.data.setId);
      exercises.set(event.data.workoutExerciseId, sets);
      return { ...state, exercises };
    }
    case 'WorkoutDetailsChanged':
    case 'WorkoutExerciseChanged':
    case 'SetChanged':
      return state;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}
