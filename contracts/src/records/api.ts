import { Type } from 'typebox';
import { oneOf } from '../schema-parts.ts';
import { ONE_REP_MAX_FORMULAS } from './records.ts';

// The personal records as the API answers them: GET /metrics/prs, and an exercise's progress page.

const RecordSchema = Type.Object({
  value: Type.Number(),
  reps: Type.Integer(),
  weight: Type.Union([Type.Number(), Type.Null()]),
  date: Type.String(),
  workout_id: Type.String(),
  set_id: Type.String(),
  previous: Type.Union([Type.Object({ value: Type.Number(), date: Type.String() }), Type.Null()]),
});

export const RecordsQuery = Type.Object({
  formula: Type.Optional(oneOf(ONE_REP_MAX_FORMULAS, 'The formula must be epley or brzycki.')),
});

/** An exercise's personal records, each kind it has one of. */
export const RecordsSchema = Type.Object({
  heaviest_weight: Type.Optional(RecordSchema),
  best_e1rm: Type.Optional(RecordSchema),
  most_reps: Type.Optional(RecordSchema),
  best_volume: Type.Optional(RecordSchema),
  longest_duration: Type.Optional(RecordSchema),
  longest_distance: Type.Optional(RecordSchema),
});

export const RecordsResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      exercise_id: Type.Union([Type.String(), Type.Null()]),
      name: Type.String(),
      records: RecordsSchema,
    }),
  ),
});
