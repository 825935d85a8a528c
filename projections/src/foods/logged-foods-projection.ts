import {
  type FoodLogsAtMeal,
  LOGGED_FOODS_MODEL,
  type LoggedFoodDocument,
  loggedFoodId,
  type MealEvent,
  type MealType,
  mealEventTypes,
} from '@fitness/contracts';
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';

/**
 * What the projection keeps of a meal, since an entry's events name neither the user nor the meal
 * type: its owner, type and the food of each entry made of a food. Read by the projection only; it
 * holds the position of the last event folded in, so an event applied again changes nothing.
 */
type MealState = {
  id: string;
  user_id: string;
  kind: 'meal';
  event_position: number;
  type: MealType;
  entries: { id: string; food_id: string }[];
};

export type LoggedFoodsDocument = LoggedFoodDocument | MealState;
type Documents = ProjectionDocuments<LoggedFoodsDocument>;

const mealStateId = (mealId: string) => `meal:${mealId}`;

/**
 * The `logged_foods` read model: per user and food they logged, how often, how lately and how
 * much at each meal type (LoggedFoodDocument), counting the entries still in their meals. The add
 * dialog's recent foods and the food search read a user's documents by one indexed read, however
 * long their history; a food logged on one device reaches the others as this model's notice.
 */
export const loggedFoodsProjection: ManyDocumentProjection<LoggedFoodsDocument, MealEvent> = {
  name: LOGGED_FOODS_MODEL,
  version: 1,
  collection: { name: LOGGED_FOODS_MODEL, indexes: [['user_id', 'kind']] },
  handles: mealEventTypes,
  ownerField: 'user_id',
  // The meal states are this projection's own working documents.
  announces: (document) => document.kind === 'food',
  apply: async (event, documents) => {
    const id = mealStateId(event.data.mealId);
    const meal = (await documents.get(id)) as MealState | null;
    if (meal && meal.event_position >= event.position) return;
    if (event.type === 'MealCreated') {
      const { userId, mealType } = event.data;
      const created: MealState = {
        id,
        user_id: userId,
        kind: 'meal',
        event_position: event.position,
        type: mealType,
        entries: [],
      };
      documents.set(id, created);
      return;
    }
    if (!meal) return;
    // Only what counts entries moves the meal's position: applied again, it must change nothing.
    const entries = (next: MealState['entries']) =>
      documents.set(id, { ...meal, event_position: event.position, entries: next });
    const foodOf = (entryId: string) => meal.entries.find((entry) => entry.id === entryId)?.food_id;
    switch (event.type) {
      case 'MealEntryAdded': {
        const { foodId, entryId, grams, addedAt } = event.data;
        if (foodId === null) return;
        entries([...meal.entries, { id: entryId, food_id: foodId }]);
        return change(documents, meal, foodId, (at) => ({
          count: (at?.count ?? 0) + 1,
          quantity: grams ?? at?.quantity ?? 0,
          last_logged_at: at && at.last_logged_at > addedAt ? at.last_logged_at : addedAt,
        }));
      }
      case 'MealEntryChanged': {
        const foodId = foodOf(event.data.entryId);
        const { grams } = event.data;
        // The amount the user settled on is the one to offer next time (set, so applying it again is harmless).
        if (foodId && grams !== null) await change(documents, meal, foodId, (at) => at && { ...at, quantity: grams });
        return;
      }
      case 'MealEntryRemoved': {
        const foodId = foodOf(event.data.entryId);
        if (!foodId) return;
        entries(meal.entries.filter((entry) => entry.id !== event.data.entryId));
        return change(documents, meal, foodId, uncount);
      }
      case 'MealDeleted':
        documents.set(id, null);
        for (const entry of meal.entries) await change(documents, meal, entry.food_id, uncount);
        return;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled meal event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

/** An entry gone: one fewer at its meal type, and none left at it once the last one goes. */
const uncount = (at: FoodLogsAtMeal | null): FoodLogsAtMeal | null =>
  at && at.count > 1 ? { ...at, count: at.count - 1 } : null;

/** Changes what a user's food document says of one meal type; a document with none left goes. */
async function change(
  documents: Documents,
  meal: MealState,
  foodId: string,
  update: (at: FoodLogsAtMeal | null) => FoodLogsAtMeal | null,
) {
  const id = loggedFoodId(meal.user_id, foodId);
  const stored = (await documents.get(id)) as LoggedFoodDocument | null;
  const { [meal.type]: at = null, ...others } = stored?.meal_types ?? {};
  const updated = update(at);
  const mealTypes = updated ? { ...stored?.meal_types, [meal.type]: updated } : others;
  if (Object.keys(mealTypes).length === 0) {
    if (stored) documents.set(id, null);
    return;
  }
  documents.set(id, { id, user_id: meal.user_id, kind: 'food', food_id: foodId, meal_types: mealTypes });
}
