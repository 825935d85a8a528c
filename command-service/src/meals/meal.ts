import type { MealEvent, MealType, Nutrients } from '@fitness/contracts';
import { uuidFromName } from '../core/ids.ts';

export type MealEntryState = { foodId: string | null; grams: number | null; nutrients: Nutrients };

/** What a meal's rules need: whose it is, whether it is still there, which entries it has. */
export type MealState = {
  status: 'none' | 'open' | 'deleted';
  userId: string | null;
  entries: Map<string, MealEntryState>;
};

/** One meal per user, day and type: its id follows from them, so every device finds the same meal. */
export const mealIdFor = (userId: string, date: string, type: MealType) =>
  uuidFromName(`meal:${userId}:${date}:${type}`);

export const initialMealState = (): MealState => ({ status: 'none', userId: null, entries: new Map() });

export function evolveMeal(state: MealState, event: MealEvent): MealState {
  switch (event.type) {
    case 'MealCreated':
      return { status: 'open', userId: event.data.userId, entries: new Map() };
    case 'MealEntryAdded':
    case 'MealEntryChanged': {
      const entries = new Map(state.entries);
      const before = entries.get(event.data.entryId);
      const foodId = event.type === 'MealEntryAdded' ? event.data.foodId : (before?.foodId ?? null);
      entries.set(event.data.entryId, { foodId, grams: event.data.grams, nutrients: event.data.nutrients });
      return { ...state, entries };
    }
    case 'MealEntryRemoved': {
      const entries = new Map(state.entries);
      entries.delete(event.data.entryId);
      return { ...state, entries };
    }
    case 'MealDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled meal event ${JSON.stringify(unhandled)}`);
    }
  }
}
