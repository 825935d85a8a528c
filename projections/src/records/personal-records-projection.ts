import {
  type ExerciseRecordsDocument,
  PERSONAL_RECORDS_MODEL,
  type RecordBeatsDocument,
  type TrainingSummaryDocument,
  type WorkoutEvent,
  workoutEventTypes,
} from '@fitness/contracts';
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';
import { CHUNK_SIZE, type ExerciseChunkDocument, type ExerciseHistoryDocument } from './exercise-history.ts';
import type { ExerciseWorkoutDocument } from './exercise-workout-document.ts';
import { finishWorkouts } from './finish-workouts.ts';
import { applyWorkoutEvent, pendingIn, type WorkoutOutlineDocument } from './pending-workouts.ts';
import type { TrainingLogDocument } from './training.ts';

export type PersonalRecordsDocument =
  | WorkoutOutlineDocument
  | ExerciseWorkoutDocument
  | ExerciseHistoryDocument
  | ExerciseChunkDocument
  | ExerciseRecordsDocument
  | TrainingLogDocument
  | TrainingSummaryDocument
  | RecordBeatsDocument;

export type PersonalRecordsDocuments = ProjectionDocuments<PersonalRecordsDocument>;

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
