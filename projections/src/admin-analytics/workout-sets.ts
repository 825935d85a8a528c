/**
 * What the admin analytics count of a workout's sets: how many, and their volume. A set logged
 * adds to the workout's counts; a set changed or removed, or an exercise removed, needs the old
 * values of the sets it takes away, which the workout's own events hold (see `setsFromLog`).
 */

import { type RecordedEvent, setVolume, type WorkoutEvent } from '@fitness/contracts';
import { keptInBatch, type ProjectionBatch, type ProjectionLog } from '../projection.ts';

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

/** How many sets, and their volume. */
export function setTotals(sets: CountedSets) {
  let volume = 0;
  for (const [reps, weight] of sets.values()) volume += setVolume(reps, weight);
  return { sets: sets.size, volume };
}

/** A workout's sets after one of its events. */
function evolveSets(sets: CountedSets, event: RecordedEvent<WorkoutEvent>) {
  switch (event.type) {
    case 'SetLogged': {
      const { workoutExerciseId, setId, reps, weight } = event.data;
      sets.set(`${workoutExerciseId}/${setId}`, [reps, weight]);
      return;
    }
    case 'SetChanged': {
      const { workoutExerciseId, setId, changes } = event.data;
      const key = `${workoutExerciseId}/${setId}`;
      const set = sets.get(key);
      if (set) sets.set(key, [changes.reps ?? set[0], changes.weight !== undefined ? changes.weight : set[1]]);
      return;
    }
    case 'SetRemoved':
      sets.delete(`${event.data.workoutExerciseId}/${event.data.setId}`);
      return;
    case 'WorkoutExerciseRemoved': {
      const prefix = `${event.data.workoutExerciseId}/`;
      for (const key of sets.keys()) if (key.startsWith(prefix)) sets.delete(key);
      return;
    }
    default:
      return;
  }
}

/** The sets the batch knows whole, by workout id. */
const batchSets = (batch: ProjectionBatch) => keptInBatch(batch, 'workout sets', () => new Map<string, CountedSets>());

/**
 * The sets of the event's workout after it, where the batch knows them whole: it saw the
 * workout's start, or read its events already (`setsFromLog`). Every event of the workout's
 * in the batch keeps them up to date, so a rebuild, whose batches hold most workouts from their
 * start, reads no workout's events; null where the batch does not know them.
 */
export function setsInBatch(batch: ProjectionBatch, event: RecordedEvent<CountedWorkoutEvent>): CountedSets | null {
  const known = batchSets(batch);
  const { workoutId } = event.data;
  if (event.type === 'WorkoutStarted' && !known.has(workoutId)) known.set(workoutId, new Map());
  if (event.type === 'WorkoutDeleted') known.delete(workoutId);
  const sets = known.get(workoutId) ?? null;
  if (sets) evolveSets(sets, event);
  return sets;
}

/**
 * The sets of the event's workout after it, from the workout's events up to it: what the
 * analytics counted, worked out again where a set's old values are needed (a set changed or
 * removed, an exercise removed), the same live and on a rebuild, since events never change. A
 * stream erased since (its account deleted, which the log holds later and which takes every
 * document of the account away) counts without the sets erased meanwhile. Kept for the rest of
 * the batch.
 */
export async function setsFromLog(
  event: RecordedEvent<CountedWorkoutEvent>,
  batch: ProjectionBatch,
  log?: ProjectionLog,
) {
  if (!log) throw new Error('The admin analytics read the log to count a workout’s sets again.');
  const sets: CountedSets = new Map();
  // A workout's stream holds its events alone.
  for (const earlier of await log.streamUpTo(event)) evolveSets(sets, earlier as RecordedEvent<WorkoutEvent>);
  batchSets(batch).set(event.data.workoutId, sets);
  return sets;
}
