import { isDeepStrictEqual } from 'node:util';
import {
  type ExerciseRecordsDocument,
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
  type ExerciseChunkDocument,
  type ExerciseHistoryDocument,
  replaceInHistory,
} from './exercise-history.ts';
import { beatsOver, exerciseRecordsDocument } from './exercise-records.ts';
import { type ExerciseWorkout, exerciseWorkouts, exerciseWorkoutsAfterSet } from './exercise-workouts.ts';
import {
  type TrainingLogDocument,
  trainedOrNull,
  trainingLogId,
  trainingSummaryDocument,
  withTrainedWorkout,
} from './training.ts';
import { evolveWorkoutState, type WorkoutState } from './workout-state.ts';

/** A workout as the projection last saw it, to tell what an event changed in it. Read by the projection only. */
export type WorkoutStateDocument = {
  id: string;
  user_id: string;
  kind: 'workout';
  /** The last event folded in: an event at or before it is already in every document. */
  event_position: number;
  workout: WorkoutState;
  /** What the workout holds of each exercise, by exercise key, as the exercises' histories have it. */
  exercises: Record<string, ExerciseWorkout>;
};

export type PersonalRecordsDocument =
  | WorkoutStateDocument
  | ExerciseHistoryDocument
  | ExerciseChunkDocument
  | ExerciseRecordsDocument
  | TrainingLogDocument
  | TrainingSummaryDocument
  | RecordBeatsDocument;

type Documents = ProjectionDocuments<PersonalRecordsDocument>;

const workoutStateId = (workoutId: string) => `workout:${workoutId}`;

/** The kinds of document the metrics routes read (see `announces`). */
const READ_KINDS = new Set<PersonalRecordsDocument['kind']>(['exercise_records', 'training_summary', 'record_beats']);

/**
 * The `personal_records` read model: per user and exercise, its records (by both 1RM formulas)
 * and the records it beat in completed workouts; per user, a summary of their completed
 * workouts. /metrics/prs and /metrics/achievements read only those, one document per exercise
 * and one per user, whatever the length of the history. Behind them, the projection keeps each
 * workout's state (to see what an event changed), each exercise's history (its best sets per
 * workout, to work its records out again when one changes, moves or goes) and each user's
 * completed workouts (a few numbers each). An event recomputes only the exercises whose bests,
 * day or status it changed, and the summary only when it changed a completed workout.
 */
export const personalRecordsProjection = personalRecordsProjectionWith({ chunkSize: CHUNK_SIZE });

/** The projection with another chunk size: tests use tiny chunks, to split and empty them often. */
export function personalRecordsProjectionWith(options: {
  chunkSize: number;
}): ManyDocumentProjection<PersonalRecordsDocument, WorkoutEvent> {
  return {
    name: PERSONAL_RECORDS_MODEL,
    // 2: each user's record beats in one document (record_beats), for /metrics/achievements.
    version: 2,
    collection: { name: PERSONAL_RECORDS_MODEL, indexes: [['user_id', 'kind']] },
    handles: workoutEventTypes,
    ownerField: 'user_id',
    // What the metrics routes read; the rest (each workout's state, each exercise's history,
    // the training log) only this projection reads, and a browser has nothing to do with it.
    announces: (document) => READ_KINDS.has(document.kind),
    apply: (event, documents, batch) => applyWorkoutEvent(event, documents, pendingIn(batch)),
    finish: (documents, batch) => finishWorkouts(documents, pendingIn(batch), options.chunkSize),
  };
}

/**
 * Per workout an event of the batch changed: its owner, and what it held before the batch's
 * first such event. Its exercises' histories, records and the owner's training are brought up
 * to date at the end of the batch, from that to what it holds then: replacing what a workout
 * held by what it holds is the same done once or set by set, and a long workout's sets cost
 * one history update a batch.
 */
type PendingWorkouts = Map<
  string,
  { userId: string; was: Record<string, ExerciseWorkout>; before: WorkoutState | null }
>;

const pendingIn = (batch: ProjectionBatch) => keptInBatch<PendingWorkouts>(batch, 'workouts', () => new Map());

async function applyWorkoutEvent(event: RecordedEvent<WorkoutEvent>, documents: Documents, pending: PendingWorkouts) {
  const { workoutId } = event.data;
  const stateId = workoutStateId(workoutId);
  const state = (await documents.get(stateId)) as WorkoutStateDocument | null;
  if (state && state.event_position >= event.position) return;
  const before = state?.workout ?? null;
  const after = evolveWorkoutState(before, event);
  const userId = (after ?? before)?.user_id;
  if (!userId) return;
  const was = state?.exercises ?? {};
  const is = !after
    ? {}
    : event.type === 'SetLogged' && state
      ? exerciseWorkoutsAfterSet(was, after, event.data.workoutExerciseId, event.data.setId)
      : exerciseWorkouts(after);
  documents.set(
    stateId,
    after && {
      id: stateId,
      user_id: userId,
      kind: 'workout',
      event_position: event.position,
      workout: after,
      exercises: is,
    },
  );
  if (!pending.has(workoutId)) pending.set(workoutId, { userId, was, before });
}

async function finishWorkouts(documents: Documents, pending: PendingWorkouts, chunkSize: number) {
  for (const [workoutId, { userId, was, before }] of pending) {
    const state = (await documents.get(workoutStateId(workoutId))) as WorkoutStateDocument | null;
    await updateExercises(documents, userId, was, state?.exercises ?? {}, chunkSize);
    await updateTraining(documents, userId, workoutId, before, state?.workout ?? null);
  }
}

async function updateExercises(
  documents: Documents,
  userId: string,
  was: Record<string, ExerciseWorkout>,
  is: Record<string, ExerciseWorkout>,
  chunkSize: number,
) {
  for (const key of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (isDeepStrictEqual(was[key], is[key])) continue;
    const { history, changed } = await replaceInHistory(documents, { userId, key, chunkSize }, was[key], is[key]);
    // Beats count completed workouts only: a change to one in progress leaves them as they were.
    const beatsChanged = !!history && !!(was[key]?.completed || is[key]?.completed);
    if (!changed && !beatsChanged) continue;
    const recordsId = exerciseRecordsId(userId, key);
    const stored = (await documents.get(recordsId)) as ExerciseRecordsDocument | null;
    const beats =
      history && beatsChanged
        ? beatsOver(await allWorkouts(documents, history))
        : (stored?.beats ?? { count: 0, first_days: [] });
    const next = exerciseRecordsDocument(userId, key, history, beats);
    // Most sets beat nothing: leave the records alone then, so nothing is announced.
    if (sameDocument(stored, next)) continue;
    documents.set(recordsId, next);
    const beatsNow = next && next.beats.count > 0 ? next.beats : null;
    const beatsBefore = stored && stored.beats.count > 0 ? stored.beats : null;
    if (!isDeepStrictEqual(beatsBefore, beatsNow)) await updateRecordBeats(documents, userId, key, beatsNow);
  }
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

async function updateTraining(
  documents: Documents,
  userId: string,
  workoutId: string,
  before: WorkoutState | null,
  after: WorkoutState | null,
) {
  const trained = trainedOrNull(after);
  if (isDeepStrictEqual(trainedOrNull(before), trained)) return;
  const logId = trainingLogId(userId);
  const stored = (await documents.get(logId)) as TrainingLogDocument | null;
  const log = withTrainedWorkout(stored?.workouts ?? [], workoutId, trained);
  documents.set(logId, log.length > 0 ? { id: logId, user_id: userId, kind: 'training_log', workouts: log } : null);
  const summaryId = trainingSummaryId(userId);
  const summary = trainingSummaryDocument(userId, log);
  // Browsers refetch achievements when the summary is announced: only when it changed.
  if (!sameDocument(await documents.get(summaryId), summary)) documents.set(summaryId, summary);
}
