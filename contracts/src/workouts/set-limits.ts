/**
 * How much one workout holds: more exercises, and more sets of each, than any real session
 * reaches. Without a bound, one imported file made a workout of 19,999 sets, and every read of
 * it (its page of the list, the export) grew with it. Apart from the set schemas (sets.ts),
 * without typebox, for the import's parse thread (see name-pattern.ts).
 */
export const MAX_EXERCISES_PER_WORKOUT = 100;
export const MAX_SETS_PER_EXERCISE = 100;
export const TOO_MANY_EXERCISES_MESSAGE = `A workout holds at most ${MAX_EXERCISES_PER_WORKOUT} exercises.`;
export const TOO_MANY_SETS_MESSAGE = `An exercise holds at most ${MAX_SETS_PER_EXERCISE} sets in one workout.`;

/**
 * How hard a set felt (rate of perceived exertion), in the half steps Strong and Hevy offer: 1 (no
 * effort) to 10 (nothing left). The API's schema, the logger and the import all check it by these.
 */
export const MIN_RPE = 1;
export const MAX_RPE = 10;
export const RPE_STEP = 0.5;
export const isRpe = (value: number) => value >= MIN_RPE && value <= MAX_RPE && Number.isInteger(value / RPE_STEP);

/**
 * What one set may record, beyond any real lift, hold or run: the API's schema, the logger's
 * setInput and the import's readers all check sets by these, so a set the browser accepts is
 * one the server accepts.
 */
export const MAX_REPS = 10_000;
export const MAX_WEIGHT_KG = 2000;
export const MAX_REST_SECONDS = 3600;
/** Seconds a timed set lasts: a day. */
export const MAX_SET_SECONDS = 86_400;
export const MAX_DISTANCE_METRES = 1_000_000;
/** Characters of the notes of a workout, an exercise in it or a set. */
export const MAX_NOTES_LENGTH = 2000;
/** Minutes a workout lasts: a day. */
export const MAX_WORKOUT_MINUTES = 1440;
