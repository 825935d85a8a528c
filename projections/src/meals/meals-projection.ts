import {
  type MealDocument,
  type MealEvent,
  mealEventTypes,
  presentLoggedEntry,
  type RecordedEvent,
  sumNutrients,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

const MEAL_NAMES = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snacks: 'Snacks' } as const;

/** The `meals` read model: a meal with its entries, its totals the sum of what the entries show. */
export const mealsProjection: Projection<MealDocument, MealEvent> = {
  name: 'meals',
  version: 1,
  collection: { name: 'meals', indexes: [['user_id', 'date']] },
  handles: mealEventTypes,
  documentId: (event) => event.data.mealId,
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<MealEvent>) => {
    const at = event.metadata.timestamp;
    if (event.type === 'MealCreated') {
      const { data } = event;
      return withTotals({
        id: data.mealId,
        user_id: data.userId,
        date: data.date,
        type: data.mealType,
        name: data.name ?? MEAL_NAMES[data.mealType],
        entries: [],
        created_at: data.createdAt,
        updated_at: at,
      });
    }
    if (!current) return null;
    switch (event.type) {
      case 'MealEntryAdded': {
        const { data } = event;
        const entry = { id: data.entryId, ...presentLoggedEntry(data), created_at: data.addedAt };
        return withTotals({ ...current, entries: [...current.entries, entry], updated_at: at });
      }
      case 'MealEntryChanged': {
        const { data } = event;
        const entries = current.entries.map((entry) =>
          entry.id === data.entryId
            ? {
                ...entry,
                quantity: data.grams,
                calories: data.nutrients.kcal,
                protein: data.nutrients.protein,
                carbs: data.nutrients.carbs,
                fat: data.nutrients.fat,
              }
            : entry,
        );
        return withTotals({ ...current, entries, updated_at: at });
      }
      case 'MealEntryRemoved':
        return withTotals({
          ...current,
          entries: current.entries.filter((entry) => entry.id !== event.data.entryId),
          updated_at: at,
        });
      case 'MealDeleted':
        return null;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled meal event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

function withTotals(meal: Omit<MealDocument, 'calories' | 'protein' | 'carbs' | 'fat'>): MealDocument {
  const total = sumNutrients(
    meal.entries.map((e) => ({ kcal: e.calories, protein: e.protein, carbs: e.carbs, fat: e.fat })),
  );
  return { ...meal, calories: total.kcal, protein: total.protein, carbs: total.carbs, fat: total.fat };
}
