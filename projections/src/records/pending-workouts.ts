/**
 * What a batch's events leave of each workout they reach, before the batch's end writes it
 * (finish-workouts.ts): its outline, and its exercises' documents in it, as stored and as now.
 */

import { isDeepStrictEqual } from 'node:util';
import { exerciseKey, type RecordedEvent, type WorkoutEvent } from '@fitness/contracts';
import { keptInBatch, type ProjectionBatch } from '../projection.ts';
import {
  type ExerciseWorkoutDocument,
  exerciseWorkoutDocument,
  exerciseWorkoutId,
  type KeptSet,
  keptSet,
  withChanges,
  withSets,
} from './exercise-workout-document.ts';
import type { PersonalRecordsDocuments as Documents } from './personal-records-projection.ts';
import { evolveOutline, placesOf, type WorkoutOutline } from './workout-outline.ts';

/** A workout's outline, as the projection last saw it. Read by the projection only. */
export type WorkoutOutlineDocument = {
  id: string;
  user_id: string;
  kind: 'workout';
  /** The last event that changed the outline: an event at or before it is already in every document. */
  event_position: number;
  workout: WorkoutOutline;
};

export const outlineId = (workoutId: string) => `workout:${workoutId}`;

/**
 * Per workout an event of the batch reached: its outline as stored and as the batch leaves it,
 * and each of its exercises the batch read (document as stored, and as the batch leaves it).
 * The documents, and the exercises' histories, records and the owner's training, are brought
 * up to date at the end of the batch, from what was stored to what the batch left: replacing
 * what a workout held by what it holds is the same done once or set by set, and a long
 * workout's sets cost one write of each document a batch.
 */
export type PendingWorkout = {
  stored: WorkoutOutline | null;
  outline: WorkoutOutline | null;
  /** The position of the last event that changed the outline (0: none). */
  position: number;
  exercises: Map<string, { was: ExerciseWorkoutDocument | null; is: ExerciseWorkoutDocument | null }>;
  /** Whether an event changed the outline or a set: what the training log is worked out from. */
  changed: boolean;
};
export type PendingWorkouts = Map<string, PendingWorkout>;

export const pendingIn = (batch: ProjectionBatch) => keptInBatch<PendingWorkouts>(batch, 'workouts', () => new Map());

async function pendingWorkout(documents: Documents, pending: PendingWorkouts, workoutId: string) {
  const known = pending.get(workoutId);
  if (known) return known;
  const stored = (await documents.get(outlineId(workoutId))) as WorkoutOutlineDocument | null;
  const workout: PendingWorkout = {
    stored: stored?.workout ?? null,
    outline: stored?.workout ?? null,
    position: stored?.event_position ?? 0,
    exercises: new Map(),
    changed: false,
  };
  pending.set(workoutId, workout);
  return workout;
}

/** The exercise's document in the workout as the batch left it so far (null: not there). */
export async function exerciseIn(documents: Documents, workoutId: string, workout: PendingWorkout, key: string) {
  const known = workout.exercises.get(key);
  if (known) return known.is;
  const stored = (await documents.get(exerciseWorkoutId(workoutId, key))) as ExerciseWorkoutDocument | null;
  workout.exercises.set(key, { was: stored, is: stored });
  return stored;
}

/** Sets the exercise's document in the workout, once `exerciseIn` has read what was stored. */
function setExercise(workout: PendingWorkout, key: string, document: ExerciseWorkoutDocument | null) {
  const slot = workout.exercises.get(key);
  if (!slot) throw new Error(`The exercise ${key} of workout ${workout.outline?.id} was set before it was read`);
  slot.is = document;
  workout.changed = true;
}

/** An event of the workout, staged in what the batch leaves of it (once: an event it already holds changes nothing). */
export async function applyWorkoutEvent(
  event: RecordedEvent<WorkoutEvent>,
  documents: Documents,
  pending: PendingWorkouts,
) {
  const { workoutId } = event.data;
  const workout = await pendingWorkout(documents, pending, workoutId);
  if (workout.position >= event.position) return;
  switch (event.type) {
    case 'SetLogged':
    case 'SetChanged':
    case 'SetRemoved':
      return applySetEvent(event, documents, workout);
    default:
      return applyOutlineEvent(event, documents, workout);
  }
}

type SetEvent = Extract<WorkoutEvent, { type: 'SetLogged' | 'SetChanged' | 'SetRemoved' }>;

/** A set's event changes its exercise's sets in the workout (set, never counted: applied again, it changes nothing). */
async function applySetEvent(event: RecordedEvent<SetEvent>, documents: Documents, workout: PendingWorkout) {
  const { workoutId, workoutExerciseId, setId } = event.data;
  const exercise = workout.outline?.exercises.find((each) => each.id === workoutExerciseId);
  if (!workout.outline || !exercise) return;
  const key = exerciseKey(exercise);
  const place = placesOf(workout.outline).get(key);
  const document = await exerciseIn(documents, workoutId, workout, key);
  if (!place || !document) return;
  const sets = document.sets[workoutExerciseId] ?? [];
  const index = sets.findIndex((set) => set.id === setId);
  const replaced = (set: KeptSet | null) => [...sets.slice(0, index), ...(set ? [set] : []), ...sets.slice(index + 1)];
  let next: ExerciseWorkoutDocument | null = null;
  if (event.type === 'SetLogged') {
    const logged = keptSet(setId, event.data);
    next =
      index < 0
        ? withSets(document, place, workoutExerciseId, [...sets, logged], logged)
        : withSets(document, place, workoutExerciseId, replaced(logged));
  } else if (index >= 0) {
    const set = sets[index] as KeptSet;
    const changed = event.type === 'SetChanged' ? withChanges(set, event.data.changes) : null;
    if (changed !== set) next = withSets(document, place, workoutExerciseId, replaced(changed));
  }
  if (next) setExercise(workout, key, next);
}

/**
 * An event on the workout or its exercises changes its outline, and so, for each exercise whose
 * place, status or times in the workout it changed, that exercise's document (from the sets
 * each of its times held, wherever they were).
 */
async function applyOutlineEvent(event: RecordedEvent<WorkoutEvent>, documents: Documents, workout: PendingWorkout) {
  const before = workout.outline;
  const after = evolveOutline(before, event);
  if (after === before) return;
  workout.outline = after;
  workout.position = event.position;
  workout.changed = true;
  const { workoutId } = event.data;
  const was = placesOf(before);
  const is = placesOf(after);
  const changed = [...new Set([...was.keys(), ...is.keys()])].filter(
    (key) => !isDeepStrictEqual(was.get(key), is.get(key)),
  );
  const sets = new Map<string, KeptSet[]>();
  for (const key of changed) {
    if (!was.has(key)) continue;
    const document = await exerciseIn(documents, workoutId, workout, key);
    for (const [member, kept] of Object.entries(document?.sets ?? {})) sets.set(member, kept);
  }
  for (const key of changed) {
    const place = is.get(key);
    await exerciseIn(documents, workoutId, workout, key);
    setExercise(
      workout,
      key,
      after && place ? exerciseWorkoutDocument(after, key, place, (member) => sets.get(member) ?? []) : null,
    );
  }
}
