/**
 * What the admin analytics and the workout summaries count of a workout's sets: how many, and
 * their volume. A set logged adds to the workout's counts; a set changed or removed, or an
 * exercise removed, needs the old values of the sets it takes away, which the workout's own
 * events hold (see `countedSets`).
 */

import { setVolume, type WorkoutEvent } from '@fitness/contracts';
import { evolveWorkoutSets, type WorkoutSets } from '@fitness/contracts/workouts/fold.ts';
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

/** How many sets, and their volume (none where no set is known). */
export function setTotals(workout: WorkoutSets | null) {
  let sets = 0;
  let volume = 0;
  for (const exercise of workout?.values() ?? []) {
    sets += exercise.sets.size;
    for (const { reps, weight } of exercise.sets.values()) volume += setVolume(reps, weight);
  }
  return { sets, volume };
}

/**
 * Each workout's sets (the contracts' one fold of them, evolveWorkoutSets), followed in the batch
 * from its start, or read from its events where a set's old values are needed (a set changed or
 * removed, an exercise removed) and the batch did not see the workout start. A stream read from
 * the log whose start was erased counts the sets it still holds.
 */
export const countedSets = workoutFold<WorkoutSets>({
  key: 'workout sets',
  evolve: (workout, event) => evolveWorkoutSets(workout ?? new Map(), event),
});
