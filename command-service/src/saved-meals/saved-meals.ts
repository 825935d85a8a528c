import type { SavedMealEvent } from '@fitness/contracts';

/** A saved meal as its creation recorded it, under the name it has now. */
export type SavedMealState = Extract<SavedMealEvent, { type: 'SavedMealCreated' }>['data'];

/** A user's saved meals that are still there, by id: what the limit counts and logging reads. */
export type SavedMealsState = Map<string, SavedMealState>;

export const initialSavedMealsState = (): SavedMealsState => new Map();

export function evolveSavedMeals(state: SavedMealsState, event: SavedMealEvent): SavedMealsState {
  const next = new Map(state);
  switch (event.type) {
    case 'SavedMealCreated':
      next.set(event.data.savedMealId, event.data);
      return next;
    case 'SavedMealRenamed': {
      const saved = next.get(event.data.savedMealId);
      if (saved) next.set(event.data.savedMealId, { ...saved, name: event.data.name });
      return next;
    }
    case 'SavedMealDeleted':
      next.delete(event.data.savedMealId);
      return next;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled saved meal event ${JSON.stringify(unhandled)}`);
    }
  }
}
