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
