import { isDeepStrictEqual } from 'node:util';
import {
  type ExerciseRecordsDocument,
  exerciseRecordsId,
  PERSONAL_RECORDS_MODEL,
  type RecordedEvent,
  type TrainingSummaryDocument,
  trainingSummaryId,
  type WorkoutDocument,
  type WorkoutEvent,
  workoutEventTypes,
} from '@fitness/contracts';
import { type ManyDocumentProjection, type ProjectionDocuments, sameDocument } from '../projection.ts';
import { workoutsProjection } from '../workouts/workouts-projection.ts';
import {
  type ExerciseHistoryDocument,
  exerciseHistoryId,
  exerciseRecordsDocument,
  occurrencesByKey,
  withWorkout,
} from './exercise-history.ts';
import {
  type TrainingLogDocument,
  trainedOrNull,
  trainingLogId,
  trainingSummaryDocument,
  withTrainedWorkout,
} from './training.ts';

/** The workout as the projection last saw it, to tell what an event changed in it. Read by the projection only. */
export type WorkoutStateDocument = {
  id: string;
  user_id: string;
  kind: 'workout';
  /** The last event folded in: an event at or before it is already in every document. */
  event_position: number;
  workout: WorkoutDocument;
};

export type PersonalRecordsDocument =
  | WorkoutStateDocument
  | ExerciseHistoryDocument
  | ExerciseRecordsDocument
  | TrainingLogDocument
  | TrainingSummaryDocument;

type Documents = ProjectionDocuments<PersonalRecordsDocument>;

const workoutStateId = (workoutId: string) => `workout:${workoutId}`;

/**
 * The `personal_records` read model: per user and exercise, its records (by both 1RM formulas)
 * and the records it beat in completed workouts; per user, a summary of their completed
 * workouts. /metrics/prs and /metrics/achievements read only those, one document per exercise
 * and one per user, whatever the length of the history. Behind them, the projection keeps each
 * workout's state (to see what an event changed), each exercise's history (its sets per workout,
 * to work its records out again when one changes, moves or goes) and each user's completed
 * workouts (a few numbers each). An event recomputes only the exercises whose sets, day or
 * status it changed, and the summary only when it changed a completed workout.
 */
export const personalRecordsProjection: ManyDocumentProjection<PersonalRecordsDocument, WorkoutEvent> = {
  name: PERSONAL_RECORDS_MODEL,
  version: 1,
  collection: { name: PERSONAL_RECORDS_MODEL, indexes: [['user_id', 'kind']] },
  handles: workoutEventTypes,
  ownerField: 'user_id',
  apply: applyWorkoutEvent,
};

async function applyWorkoutEvent(event: RecordedEvent<WorkoutEvent>, documents: Documents) {
  const { workoutId } = event.data;
  const stateId = workoutStateId(workoutId);
  const state = (await documents.get(stateId)) as WorkoutStateDocument | null;
  if (state && state.event_position >= event.position) return;
  const before = state?.workout ?? null;
  const after = workoutsProjection.evolve(before, event);
  const userId = (after ?? before)?.user_id;
  if (!userId) return;
  documents.set(
    stateId,
    after && { id: stateId, user_id: userId, kind: 'workout', event_position: event.position, workout: after },
  );
  await updateExercises(documents, userId, workoutId, before, after);
  await updateTraining(documents, userId, workoutId, before, after);
}

async function updateExercises(
  documents: Documents,
  userId: string,
  workoutId: string,
  before: WorkoutDocument | null,
  after: WorkoutDocument | null,
) {
  const was = occurrencesByKey(before);
  const is = occurrencesByKey(after);
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const occurrences = is.get(key) ?? [];
    if (isDeepStrictEqual(was.get(key) ?? [], occurrences)) continue;
    const historyId = exerciseHistoryId(userId, key);
    const stored = (await documents.get(historyId)) as ExerciseHistoryDocument | null;
    const history = withWorkout(stored?.occurrences ?? [], workoutId, occurrences);
    documents.set(
      historyId,
      history.length > 0 ? { id: historyId, user_id: userId, kind: 'exercise_history', occurrences: history } : null,
    );
    await setIfChanged(documents, exerciseRecordsId(userId, key), exerciseRecordsDocument(userId, key, history));
  }
}

async function updateTraining(
  documents: Documents,
  userId: string,
  workoutId: string,
  before: WorkoutDocument | null,
  after: WorkoutDocument | null,
) {
  const trained = trainedOrNull(after);
  if (isDeepStrictEqual(trainedOrNull(before), trained)) return;
  const logId = trainingLogId(userId);
  const stored = (await documents.get(logId)) as TrainingLogDocument | null;
  const log = withTrainedWorkout(stored?.workouts ?? [], workoutId, trained);
  documents.set(logId, log.length > 0 ? { id: logId, user_id: userId, kind: 'training_log', workouts: log } : null);
  await setIfChanged(documents, trainingSummaryId(userId), trainingSummaryDocument(userId, log));
}

/**
 * Writes one of the documents the queries read only if its content changed: most sets beat
 * nothing, and browsers refetch records and achievements when these documents are announced.
 */
async function setIfChanged(documents: Documents, id: string, next: PersonalRecordsDocument | null) {
  if (!sameDocument(await documents.get(id), next)) documents.set(id, next);
}
