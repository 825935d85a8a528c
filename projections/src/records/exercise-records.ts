import {
  type ExerciseRecordsDocument,
  exerciseRecordsId,
  FIRST_BEATS_KEPT,
  RECORD_TYPES,
  type RecordBeats,
  type Records,
} from '@fitness/contracts';
import type { ExerciseHistoryDocument } from './exercise-history.ts';
import { beatDaysOver, type ExerciseWorkout, recordsOver } from './exercise-workouts.ts';

/** The record beats of completed workouts (by Epley) `progress` counts, from every workout of the exercise. */
export function beatsOver(workouts: ExerciseWorkout[]): RecordBeats {
  const days = beatDaysOver(workouts);
  return { count: days.length, first_days: days.slice(0, FIRST_BEATS_KEPT) };
}

/**
 * The records document of one exercise (null when nothing it logged holds a record): the same
 * records, name and place in the list `personalRecords` gives, from the history's chunks.
 */
export function exerciseRecordsDocument(
  userId: string,
  key: string,
  history: ExerciseHistoryDocument | null,
  beats: RecordBeats,
): ExerciseRecordsDocument | null {
  const first = history?.chunks[0];
  const last = history?.chunks.at(-1);
  if (!history || !first || !last) return null;
  const all = recordsOver(history.chunks.map((chunk) => chunk.bests));
  const records: Records = {};
  for (const type of RECORD_TYPES) {
    const record = all[type];
    if (record) records[type] = record;
  }
  const brzycki = all.best_e1rm_brzycki ?? null;
  if (Object.keys(records).length === 0 && !brzycki) return null;
  return {
    id: exerciseRecordsId(userId, key),
    user_id: userId,
    kind: 'exercise_records',
    exercise_id: first.first.exercise_id,
    name: last.last_name, // the latest name it was logged under
    first_logged: first.first.at,
    records,
    best_e1rm_brzycki: brzycki,
    beats,
  };
}
