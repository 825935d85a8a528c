import { isDeepStrictEqual } from 'node:util';
import {
  type ExerciseRecordsDocument,
  exerciseKey,
  exerciseRecordsId,
  PERSONAL_RECORDS_MODEL,
  type RecordBeats,
  type RecordBeatsDocument,
  type RecordedEvent,
  recordBeatsId,
  type TrainingSummaryDocument,
  trainingSummaryId,
  type WorkoutEvent,
  workoutEventTypes,
} from '@fitness/contracts';
import {
  keptInBatch,
  type ManyDocumentProjection,
  type ProjectionBatch,
  type ProjectionDocuments,
  sameDocument,
} from '../projection.ts';
import {
  allWorkouts,
  CHUNK_SIZE,
  chunkEntry,
  type ExerciseChunkDocument,
  type ExerciseHistoryDocument,
  refreshChunkOf,
  replaceInHistory,
} from './exercise-history.ts';
import { beatsOver, exerciseRecordsDocument } from './exercise-records.ts';
import {
  type ExerciseWorkoutDocument,
  exerciseWorkoutDocument,
  exerciseWorkoutId,
  type KeptSet,
  keptSet,
  withChanges,
  withSets,
} from './exercise-workout-document.ts';
import type { ExerciseWorkout } from './exercise-workouts.ts';
import {
  type TrainingLogDocument,
  trainedOrNull,
  trainingLogId,
  trainingSummaryDocument,
  withTrainedWorkout,
} from './training.ts';
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

export type PersonalRecordsDocument =
  | WorkoutOutlineDocument
  | ExerciseWorkoutDocument
  | ExerciseHistoryDocument
  | ExerciseChunkDocument
  | ExerciseRecordsDocument
  | TrainingLogDocument
  | TrainingSummaryDocument
  | RecordBeatsDocument;

type Documents = ProjectionDocuments<PersonalRecordsDocument>;

const outlineId = (workoutId: string) => `workout:${workoutId}`;

/** The kinds of document the metrics routes read (see `announces`). */
const READ_KINDS = new Set<PersonalRecordsDocument['kind']>(['exercise_records', 'training_summary', 'record_beats']);

/**
 * The `personal_records` read model: per user and exercise, its records (by both 1RM formulas)
 * and the records it beat in completed workouts; per user, a summary of their completed
 * workouts. /metrics/prs and /metrics/achievements read only those, one document per exercise
 * and one per user, whatever the length of the history. Behind them, the projection keeps each
 * workout's outline (its exercises, no sets), each exercise's sets and bests in each workout,
 * each exercise's history (its bests per workout, to work its records out again when one
 * changes, moves or goes) and each user's completed workouts (a few numbers each). A set logged
 * rewrites its exercise's document in the workout, and the history and records only when it
 * changes the workout's bests; an event recomputes only the exercises whose bests, day or
 * status it changed, and the summary only when it changed a completed workout.
 */
export const personalRecordsProjection = personalRecordsProjectionWith({ chunkSize: CHUNK_SIZE });

/** The projection with another chunk size: tests use tiny chunks, to split and empty them often. */
export function personalRecordsProjectionWith(options: {
  chunkSize: number;
}): ManyDocumentProjection<PersonalRecordsDocument, WorkoutEvent> {
  return {
    name: PERSONAL_RECORDS_MODEL,
    // 2: each user's record beats in one document (record_beats), for /metrics/achievements;
    // 3: a workout's outline, and each exercise's sets in it, instead of the workout's whole state;
    // 4: a record's previous best is an earlier workout's (a first session beats nothing);
    // 5: the training summary counts completed workouts per week, for weekly streaks.
    version: 5,
    collection: { name: PERSONAL_RECORDS_MODEL, indexes: [['user_id', 'kind']] },
    handles: workoutEventTypes,
    ownerField: 'user_id',
    // What the metrics routes read; the rest (outlines, exercises in workouts, histories, the
    // training log) only this projection reads, and a browser has nothing to do with it.
    announces: (document) => READ_KINDS.has(document.kind),
    // Their notices carry the change, so a browser holding what /metrics/prs answered patches
    // it. Left out: the owner, and what no answer is made of (an exercise's beats: achievements
    // read the record_beats document); id and kind are in the notice's id. An exercise's
    // first_logged stays, though no answer shows it: the records' order comes from it.
    live: { omit: ['id', 'user_id', 'kind', 'beats'] },
    apply: (event, documents, batch) => applyWorkoutEvent(event, documents, pendingIn(batch)),
    finish: (documents, batch) => finishWorkouts(documents, pendingIn(batch), options.chunkSize),
  };
}

/**
 * Per workout an event of the batch reached: its outline as stored and as the batch leaves it,
 * and each of its exercises the batch read (document as stored, and as the batch leaves it).
 * The documents, and the exercises' histories, records and the owner's training, are brought
 * up to date at the end of the batch, from what was stored to what the batch left: replacing
 * what a workout held by what it holds is the same done once or set by set, and a long
 * workout's sets cost one write of each document a batch.
 */
type PendingWorkout = {
  stored: WorkoutOutline | null;
  outline: WorkoutOutline | null;
  /** The position of the last event that changed the outline (0: none). */
  position: number;
  exercises: Map<string, { was: ExerciseWorkoutDocument | null; is: ExerciseWorkoutDocument | null }>;
  /** Whether an event changed the outline or a set: what the training log is worked out from. */
  changed: boolean;
};
type PendingWorkouts = Map<string, PendingWorkout>;

const pendingIn = (batch: ProjectionBatch) => keptInBatch<PendingWorkouts>(batch, 'workouts', () => new Map());

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
async function exerciseIn(documents: Documents, workoutId: string, workout: PendingWorkout, key: string) {
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

async function applyWorkoutEvent(event: RecordedEvent<WorkoutEvent>, documents: Documents, pending: PendingWorkouts) {
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

async function finishWorkouts(documents: Documents, pending: PendingWorkouts, chunkSize: number) {
  // The batch's documents of workouts first: a history's summaries read those in progress.
  for (const [workoutId, workout] of pending) {
    const userId = (workout.outline ?? workout.stored)?.user_id;
    if (!userId || !workout.changed) continue;
    for (const [key, { was, is }] of workout.exercises) {
      if (was !== is) documents.set(exerciseWorkoutId(workoutId, key), is);
    }
    if (workout.outline !== workout.stored) {
      const id = outlineId(workoutId);
      documents.set(
        id,
        workout.outline && {
          id,
          user_id: userId,
          kind: 'workout',
          event_position: workout.position,
          workout: workout.outline,
        },
      );
    }
  }
  for (const [workoutId, workout] of pending) {
    const userId = (workout.outline ?? workout.stored)?.user_id;
    if (!userId || !workout.changed) continue;
    for (const [key, { was, is }] of workout.exercises) {
      if (was !== is) await updateExercise(documents, userId, key, was?.workout, is?.workout, chunkSize);
    }
    await updateTraining(documents, userId, workoutId, workout);
  }
}

async function updateExercise(
  documents: Documents,
  userId: string,
  key: string,
  was: ExerciseWorkout | undefined,
  is: ExerciseWorkout | undefined,
  chunkSize: number,
) {
  // Most sets beat none of the workout's bests: its history stays as it was.
  if (was === is || isDeepStrictEqual(was, is)) return;
  const before = was && chunkEntry(was);
  const after = is && chunkEntry(is);
  // A workout in progress whose bests alone changed: its chunk stays, its summary may not.
  const { history, changed } =
    was && is && isDeepStrictEqual(before, after)
      ? await refreshChunkOf(documents, { userId, key }, was, is)
      : await replaceInHistory(documents, { userId, key, chunkSize }, before, after);
  // Beats count completed workouts only: a change to one in progress leaves them as they were.
  const beatsChanged = !!history && !!(was?.completed || is?.completed);
  if (!changed && !beatsChanged) return;
  const recordsId = exerciseRecordsId(userId, key);
  const stored = (await documents.get(recordsId)) as ExerciseRecordsDocument | null;
  const beats =
    history && beatsChanged
      ? beatsOver(await allWorkouts(documents, history))
      : (stored?.beats ?? { count: 0, first_days: [] });
  const next = exerciseRecordsDocument(userId, key, history, beats);
  // Most sets beat nothing: leave the records alone then, so nothing is announced.
  if (sameDocument(stored, next)) return;
  documents.set(recordsId, next);
  const beatsNow = next && next.beats.count > 0 ? next.beats : null;
  const beatsBefore = stored && stored.beats.count > 0 ? stored.beats : null;
  if (!isDeepStrictEqual(beatsBefore, beatsNow)) await updateRecordBeats(documents, userId, key, beatsNow);
}

/** Keeps the user's record beats document in step with one exercise's (none: it beat nothing). */
async function updateRecordBeats(documents: Documents, userId: string, key: string, beats: RecordBeats | null) {
  const id = recordBeatsId(userId);
  const stored = (await documents.get(id)) as RecordBeatsDocument | null;
  const { [key]: _, ...others } = stored?.by_exercise ?? {};
  // Replaced in place, so an exercise keeps its place in the document.
  const byExercise = beats ? { ...stored?.by_exercise, [key]: beats } : others;
  documents.set(
    id,
    Object.keys(byExercise).length > 0 ? { id, user_id: userId, kind: 'record_beats', by_exercise: byExercise } : null,
  );
}

/** Keeps the user's training log and summary in step with a workout completed (or no longer). */
async function updateTraining(documents: Documents, userId: string, workoutId: string, workout: PendingWorkout) {
  if (workout.stored?.status !== 'completed' && workout.outline?.status !== 'completed') return;
  const sets = new Map<string, KeptSet[]>();
  if (workout.outline?.status === 'completed') {
    for (const key of placesOf(workout.outline).keys()) {
      const document = await exerciseIn(documents, workoutId, workout, key);
      for (const [member, kept] of Object.entries(document?.sets ?? {})) sets.set(member, kept);
    }
  }
  const trained = trainedOrNull(workout.outline, (exercise) => sets.get(exercise.id) ?? []);
  const logId = trainingLogId(userId);
  const stored = (await documents.get(logId)) as TrainingLogDocument | null;
  if (isDeepStrictEqual(stored?.workouts.find((each) => each.id === workoutId) ?? null, trained)) return;
  const log = withTrainedWorkout(stored?.workouts ?? [], workoutId, trained);
  documents.set(logId, log.length > 0 ? { id: logId, user_id: userId, kind: 'training_log', workouts: log } : null);
  const summaryId = trainingSummaryId(userId);
  const summary = trainingSummaryDocument(userId, log);
  // Browsers refetch achievements when the summary is announced: only when it changed.
  if (!sameDocument(await documents.get(summaryId), summary)) documents.set(summaryId, summary);
}
