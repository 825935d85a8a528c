import type { ExerciseRecordsDocument, PersonalRecord } from '@fitness/contracts';

/** A record set on 23 November in workout w2 (100 kg × 5), beating 95 from the 20th, unless `fields` say otherwise. */
export const aRecord = (fields: Partial<PersonalRecord> = {}): PersonalRecord => ({
  value: 100,
  reps: 5,
  weight: 100,
  date: '2026-11-23',
  workout_id: 'w2',
  set_id: 's2',
  previous: { value: 95, date: '2026-11-20' },
  ...fields,
});

/** User u1's bench press records document, first logged on 1 November, holding `records`. */
export const benchRecords = (records: ExerciseRecordsDocument['records']): ExerciseRecordsDocument => ({
  id: 'exercise_records:u1:id:bench',
  user_id: 'u1',
  kind: 'exercise_records',
  exercise_id: 'bench',
  name: 'Bench Press',
  first_logged: { date: '2026-11-01', started_at: '2026-11-01T10:00:00Z', workout_id: 'w1', index: 0 },
  records,
  best_e1rm_brzycki: null,
  beats: { count: 0, first_days: [] },
});
