/**
 * What the admin analytics and the workout summaries count of a workout's sets: how many, and
 * their volume. A set logged adds to the workout's counts; a set changed or removed, or an
 * exercise removed, needs the old values of the sets it takes away, which the workout's own
 * events hold (see `countedSets`).
 */

import { type RecordedEvent, setVolume, type WorkoutEvent } from '@fitness/contracts';
import { workoutFold } from './workout-folds.ts';

/** The workout events the admin analytics follow. */
export type CountedWorkoutEvent = Extract<
  WorkoutEvent,
  {
    type:
      | 'WorkoutStarted'
      | 'WorkoutDetailsChanged'
      | 'WorkoutCompleted'
      | 'WorkoutDeleted'
      | 'WorkoutExerciseRemoved'
      | 'SetLogged'
      | 'SetChanged'
      | 'SetRemoved';
  }
>;

/** A workout's sets as the analytics count them, by `<workoutExerciseId>/<setId>`: reps and weight (kg, null for bodyweight). */
type CountedSets = Map<string, [reps: number, weight: number | null]>;

/** How many sets, and their volume (none where no set is known). */
export function setTotals(sets: CountedSets | null) {
  let volume = 0;
  for (const [reps, weight] of sets?.values() ?? []) volume += setVolume(reps, weight);
  return { sets: sets?.size ?? 0, volume };
}

/**
 * A workout's sets after one of its events, changed in place; null once it is deleted. Null
 * before a set's event only in a stream read from the log whose start was erased: it counts the
 * sets the stream still holds.
 */
function evolveSets(counted: CountedSets | null, event: RecordedEvent<WorkoutEvent>): CountedSets | null {
  if (event.type === 'WorkoutDeleted') return null;
  const sets = counted ?? new Map();
  switch (event.type) {
    case 'SetLogged': {
      const { workoutExerciseId, setId, reps, weight } = event.data;
      sets.set(`${workoutExerciseId}/${setId}`, [reps, weight]);
      break;
    }
    case 'SetChanged': {
      const { workoutExerciseId, setId, changes } = event.data;
      const key = `${workoutExerciseId}/${setId}`;
      const set = sets.get(key);
      if (set) sets.set(key, [changes.reps ?? set[0], changes.weight !== undefined ? changes.weight : set[1]]);
      break;
    }
    case 'SetRemoved':
      sets.delete(`${event.data.workoutExerciseId}/${event.data.setId}`);
      break;
    case 'WorkoutExerciseRemoved': {
      const prefix = `${event.data.workoutExerciseId}/`;
      for (const key of sets.keys()) if (key.startsWith(prefix)) sets.delete(key);
      break;
    }
    default:
      break;
  }
  return sets;
}

/**
 * Each workout's sets, followed in the batch from its start, or read from its events where a
 * set's old values are needed (a set changed or removed, an exercise removed) and the batch did
 * not see the workout start.
 */
export const countedSets = workoutFold<CountedSets>({ key: 'workout sets', evolve: evolveSets });
