import type { SetValues } from './sets.ts';

/**
 * Facts about one workout. Stream: `workout-<workoutId>`. All at schema version 1 but SetLogged,
 * at version 2 (see setLoggedV1toV2).
 */

/** What a template planned for an exercise: how many sets, of how much, with what rest. */
export type ExercisePlan = {
  sets: number;
  reps: number | null;
  /** Seconds per set, for timed exercises. */
  duration: number | null;
  /** Metres per set, for distance exercises. */
  distance: number | null;
  /** Seconds of rest between sets. */
  rest: number | null;
  /**
   * Kilograms per set, null for bodyweight; absent from plans written before a template saved
   * from a workout kept the weight of its sets (added in place: an absent weight reads as null).
   */
  weight?: number | null;
};

export type WorkoutEvent =
  | {
      type: 'WorkoutStarted';
      data: {
        workoutId: string;
        userId: string;
        name: string;
        notes: string | null;
        /** Calendar day the workout belongs to, YYYY-MM-DD. */
        date: string;
        startedAt: string;
      };
    }
  | {
      type: 'WorkoutDetailsChanged';
      data: { workoutId: string; name?: string; notes?: string | null; date?: string; duration?: number };
    }
  | { type: 'WorkoutCompleted'; data: { workoutId: string; completedAt: string; duration: number } }
  | { type: 'WorkoutDeleted'; data: { workoutId: string; deletedAt: string } }
  | {
      type: 'WorkoutExerciseAdded';
      data: {
        workoutId: string;
        workoutExerciseId: string;
        exerciseId: string | null;
        name: string;
        notes: string | null;
        addedAt: string;
        /** Present when the exercise came from a template (added in place: older events lack it). */
        plan?: ExercisePlan | null;
      };
    }
  | {
      type: 'WorkoutExerciseChanged';
      data: {
        workoutId: string;
        workoutExerciseId: string;
        name?: string;
        notes?: string | null;
        /** Moved to this place among the workout's exercises, 0 the first (added in place: older events lack it). */
        position?: number;
        /** Put in this superset, or taken out of one with null (added in place, as `position`). */
        superset?: string | null;
      };
    }
  | { type: 'WorkoutExerciseRemoved'; data: { workoutId: string; workoutExerciseId: string } }
  | {
      type: 'SetLogged';
      data: { workoutId: string; workoutExerciseId: string; setId: string; loggedAt: string } & SetValues;
    }
  | {
      type: 'SetChanged';
      data: { workoutId: string; workoutExerciseId: string; setId: string; changes: Partial<SetValues> };
    }
  | { type: 'SetRemoved'; data: { workoutId: string; workoutExerciseId: string; setId: string } };

export type WorkoutEventType = WorkoutEvent['type'];

export const workoutEventTypes: readonly WorkoutEventType[] = [
  'WorkoutStarted',
  'WorkoutDetailsChanged',
  'WorkoutCompleted',
  'WorkoutDeleted',
  'WorkoutExerciseAdded',
  'WorkoutExerciseChanged',
  'WorkoutExerciseRemoved',
  'SetLogged',
  'SetChanged',
  'SetRemoved',
];

export const workoutStream = (workoutId: string) => `workout-${workoutId}`;

/** SetLogged version 1 had no RPE: its sets read as not rated. */
export function setLoggedV1toV2(data: Record<string, unknown>): Record<string, unknown> {
  return { ...data, rpe: null };
}
