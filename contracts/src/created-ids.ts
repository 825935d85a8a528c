/**
 * What a keyed request creates, as the name its id is derived from: the server makes the id of a
 * workout, a set, a meal entry... from the caller, the request's Idempotency-Key and one of these
 * (command-service's `createdId`), so a client that chose the key knows the id before the server
 * answers. The web app's offline outbox does: a set logged offline names its workout by the id
 * the queued start will get. Changing one of these changes the id a retried request names.
 */
export const CREATED = {
  workout: 'workout',
  workoutExercise: 'workout-exercise',
  set: 'set',
  exercise: 'exercise',
  template: 'template',
  food: 'food',
  mealEntry: 'meal-entry',
  savedMeal: 'saved-meal',
  waterEntry: 'water-entry',
} as const;

export type Created = (typeof CREATED)[keyof typeof CREATED];

/** The entry at `index` of a meal copied to `date`'s meal of `type` (one request creates several). */
export function copiedEntry(date: string, type: string, index: number) {
  return `entry:${date}:${type}:${index}`;
}
