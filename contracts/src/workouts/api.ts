import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import { NameField } from '../name.ts';
import { PageMeta, PageNumber, PerPage } from '../paging.ts';
import {
  MAX_DISTANCE_METRES,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_NOTES_LENGTH,
  MAX_REPS,
  MAX_REST_SECONDS,
  MAX_RPE,
  MAX_SET_SECONDS,
  MAX_WEIGHT_KG,
  MAX_WORKOUT_MINUTES,
  MIN_RPE,
  RPE_STEP,
  SetValuesShown,
} from './sets.ts';

export { setVolume, summariseWorkout, WORKOUT_SUMMARIES_MODEL } from './summaries.ts';

/**
 * HTTP shapes of the workouts API. One source for validation, TypeScript types and OpenAPI.
 * Bodies are validated without type coercion: a number must be sent as a number.
 */

export const REPS_MESSAGE = 'Please enter a valid number of reps (greater than 0)';

const Name = (what: string) => NameField(`The ${what} name`);
const Notes = Type.Union([Type.String({ maxLength: MAX_NOTES_LENGTH }), Type.Null()], {
  errorMessage: `The notes must be text of at most ${MAX_NOTES_LENGTH} characters.`,
});

const Reps = Type.Integer({ minimum: 1, maximum: MAX_REPS, errorMessage: REPS_MESSAGE });
const Weight = Type.Union([Type.Number({ minimum: 0, maximum: MAX_WEIGHT_KG }), Type.Null(), Type.Literal('')], {
  errorMessage: `The weight must be a number of kilograms from 0 to ${MAX_WEIGHT_KG}, or empty for bodyweight.`,
});
const RestTime = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_REST_SECONDS }), Type.Null()], {
  errorMessage: `The rest time must be a whole number of seconds from 0 to ${MAX_REST_SECONDS}.`,
});
const SetKind = Type.Union(
  [Type.Literal('warmup'), Type.Literal('working'), Type.Literal('drop'), Type.Literal('failure')],
  { errorMessage: 'The set type must be warmup, working, drop or failure.' },
);
const SetDuration = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_SET_SECONDS }), Type.Null()], {
  errorMessage: `The duration must be a whole number of seconds from 0 to ${MAX_SET_SECONDS}.`,
});
const Distance = Type.Union([Type.Number({ minimum: 0, maximum: MAX_DISTANCE_METRES }), Type.Null()], {
  errorMessage: `The distance must be a number of metres from 0 to ${MAX_DISTANCE_METRES}.`,
});
/** isRpe's rule, as a schema. */
const Rpe = Type.Union([Type.Number({ minimum: MIN_RPE, maximum: MAX_RPE, multipleOf: RPE_STEP }), Type.Null()], {
  errorMessage: `The RPE must be a number from ${MIN_RPE} to ${MAX_RPE} in steps of ${RPE_STEP}, or null for none.`,
});

export const StartWorkoutBody = Type.Object(
  { name: Name('workout'), notes: Type.Optional(Notes), date: Type.Optional(CalendarDate) },
  { additionalProperties: false },
);
export type StartWorkoutBody = Static<typeof StartWorkoutBody>;

export const UpdateWorkoutBody = Type.Object(
  {
    name: Type.Optional(Name('workout')),
    notes: Type.Optional(Notes),
    date: Type.Optional(CalendarDate),
    status: Type.Optional(
      Type.Union([Type.Literal('completed'), Type.Literal('in_progress')], {
        errorMessage: 'The status must be completed or in_progress.',
      }),
    ),
    duration: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WORKOUT_MINUTES,
        errorMessage: `The duration must be 0 to ${MAX_WORKOUT_MINUTES} minutes.`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateWorkoutBody = Static<typeof UpdateWorkoutBody>;

export const AddWorkoutExerciseBody = Type.Object(
  {
    exercise_id: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
        errorMessage: 'The exercise id must be an id from the exercise library.',
      }),
    ),
    name: Name('exercise'),
    notes: Type.Optional(Notes),
  },
  { additionalProperties: false },
);
export type AddWorkoutExerciseBody = Static<typeof AddWorkoutExerciseBody>;

/** Where an exercise goes in its workout: 0 for the first. */
const Position = Type.Integer({
  minimum: 0,
  maximum: MAX_EXERCISES_PER_WORKOUT - 1,
  errorMessage: 'The position must be a whole number from 0 (the first exercise).',
});
/** A superset: any short id the client picks; the exercises that share it are done as one round. */
const Superset = Type.Union([Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }), Type.Null()], {
  errorMessage: 'The superset must be an id of 1 to 64 letters, digits, - or _, or null to take the exercise out.',
});

export const UpdateWorkoutExerciseBody = Type.Object(
  {
    name: Type.Optional(Name('exercise')),
    notes: Type.Optional(Notes),
    position: Type.Optional(Position),
    superset: Type.Optional(Superset),
  },
  { additionalProperties: false },
);
export type UpdateWorkoutExerciseBody = Static<typeof UpdateWorkoutExerciseBody>;

/** The set fields a request may send, with the rules its input must meet. */
const setBodyFields = {
  reps: Reps,
  weight: Type.Optional(Weight),
  rest_time: Type.Optional(RestTime),
  type: Type.Optional(SetKind),
  notes: Type.Optional(Notes),
  duration: Type.Optional(SetDuration),
  distance: Type.Optional(Distance),
  rpe: Type.Optional(Rpe),
};

export const LogSetBody = Type.Object(setBodyFields, {
  additionalProperties: false,
  errorMessage: { required: { reps: REPS_MESSAGE } },
});
export type LogSetBody = Static<typeof LogSetBody>;

export const UpdateSetBody = Type.Object(
  { ...setBodyFields, reps: Type.Optional(Reps) },
  { additionalProperties: false },
);
export type UpdateSetBody = Static<typeof UpdateSetBody>;

export const WorkoutParams = Type.Object({ id: Type.String() });
export const WorkoutExerciseParams = Type.Object({ id: Type.String(), exerciseId: Type.String() });
export const SetParams = Type.Object({ id: Type.String(), exerciseId: Type.String(), setId: Type.String() });

export const ListWorkoutsQuery = Type.Object({
  page: Type.Optional(PageNumber),
  per_page: Type.Optional(PerPage(100, 15)),
  status: Type.Optional(
    Type.Union([Type.Literal('completed'), Type.Literal('in_progress')], {
      errorMessage: 'The status must be completed or in_progress.',
    }),
  ),
});
export type ListWorkoutsQuery = Static<typeof ListWorkoutsQuery>;

const Timestamp = Type.String({ format: 'date-time' });

export const WorkoutSet = Type.Object({ id: Type.String(), ...SetValuesShown.properties, created_at: Timestamp });
export type WorkoutSet = Static<typeof WorkoutSet>;

/** The plan a template gave an exercise, or null. */
export const WorkoutExercisePlan = Type.Union([
  Type.Object({
    sets: Type.Integer(),
    reps: Type.Union([Type.Integer(), Type.Null()]),
    duration: Type.Union([Type.Integer(), Type.Null()]),
    distance: Type.Union([Type.Number(), Type.Null()]),
    rest: Type.Union([Type.Integer(), Type.Null()]),
    /** Kilograms per set (null: bodyweight); absent where the plan names none (system templates, older plans). */
    weight: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  }),
  Type.Null(),
]);

export const WorkoutExercise = Type.Object({
  id: Type.String(),
  exercise_id: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  notes: Type.Union([Type.String(), Type.Null()]),
  plan: WorkoutExercisePlan,
  /** The superset the exercise is in (absent or null: none). */
  superset: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  sets: Type.Array(WorkoutSet),
  created_at: Timestamp,
});
export type WorkoutExercise = Static<typeof WorkoutExercise>;

export const Workout = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: Type.String(),
  /** Minutes; null while the workout is in progress. */
  duration: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('in_progress'), Type.Literal('completed')]),
  notes: Type.Union([Type.String(), Type.Null()]),
  exercises: Type.Array(WorkoutExercise),
  started_at: Timestamp,
  completed_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Workout = Static<typeof Workout>;

/** The read-model document: the API shape plus its owner. */
export type WorkoutDocument = Workout & { user_id: string };

const { exercises: _exercises, ...workoutDetails } = Workout.properties;

/**
 * A workout as a list shows it: its details and how much it holds, without its exercises and
 * sets, so a page of the list stays small however much each workout holds (GET /workouts/{id}
 * has every set).
 */
export const WorkoutSummary = Type.Object({
  ...workoutDetails,
  /** How many exercises the workout has, and sets in all of them. */
  exercise_count: Type.Integer(),
  set_count: Type.Integer(),
  /** Kilograms lifted: each set's reps times its weight (a bodyweight set lifts none). */
  volume: Type.Number(),
});
export type WorkoutSummary = Static<typeof WorkoutSummary>;

/**
 * The read-model document: the summary, its owner, and the sets of each exercise still in the
 * workout by its id (what its folding needs to count them when an exercise is removed).
 */
export type WorkoutSummaryDocument = WorkoutSummary & { user_id: string; set_counts: Record<string, number> };

export const WorkoutList = Type.Object({ data: Type.Array(WorkoutSummary), meta: PageMeta });
export type WorkoutList = Static<typeof WorkoutList>;

/** GET /workouts/{id}/previous: per exercise of the workout, the sets of the last time it was done. */
export const PreviousSets = Type.Object({
  data: Type.Array(
    Type.Object({
      workout_exercise_id: Type.String(),
      workout_id: Type.String(),
      date: Type.String(),
      sets: Type.Array(WorkoutSet),
    }),
  ),
});
export type PreviousSets = Static<typeof PreviousSets>;
