/**
 * The batch's end in the personal records: each workout the batch's events reached is written,
 * then the histories, records and record beats of the exercises whose documents in it changed,
 * and the owner's training log and summary.
 */

import { isDeepStrictEqual } from 'node:util';
import {
  type ExerciseRecordsDocument,
  exerciseRecordsId,
  type RecordBeats,
  type RecordBeatsDocument,
  recordBeatsId,
  trainingSummaryId,
} from '@fitness/contracts';
import { sameDocument } from '../projection.ts';
import { allWorkouts, chunkEntry, refreshChunkOf, replaceInHistory } from './exercise-history.ts';
import { beatsOver, exerciseRecordsDocument } from './exercise-records.ts';
import { exerciseWorkoutId, type KeptSet } from './exercise-workout-document.ts';
import type { ExerciseWorkout } from './exercise-workouts.ts';
import { exerciseIn, outlineId, type PendingWorkout, type PendingWorkouts } from './pending-workouts.ts';
import type { PersonalRecordsDocuments as Documents } from './personal-records-projection.ts';
import {
  type TrainingLogDocument,
  trainedOrNull,
  trainingLogId,
  trainingSummaryDocument,
  withTrainedWorkout,
} from './training.ts';
import { placesOf } from './workout-outline.ts';

export async function finishWorkouts(documents: Documents, pending: PendingWorkouts, chunkSize: number) {
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
