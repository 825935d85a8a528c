import {
  everywhere,
  type FoodDocument,
  type FoodEvent,
  foodEventTypes,
  type MealDocument,
  type MealEvent,
  mealEventTypes,
  presentLoggedEntry,
  type RecordedEvent,
  sumNutrients,
  userDayId,
  type WaterDocument,
  type WaterEvent,
  waterEventTypes,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `foods` read model: the food library (user_id null) and every user's custom foods. */
export const foodsProjection: Projection<FoodDocument, FoodEvent> = {
  name: 'foods',
  version: 1,
  collection: { name: 'foods', indexes: [['user_id']] },
  handles: foodEventTypes,
  documentId: (event) => event.data.foodId,
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<FoodEvent>) => {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case 'SystemFoodDefined': {
        const { data } = event;
        return {
          id: data.foodId,
          user_id: null,
          category: data.category,
          name: data.name,
          per100g: data.per100g,
          serving: data.serving,
          created_at: current?.created_at ?? data.definedAt,
          updated_at: at,
        };
      }
      case 'CustomFoodCreated': {
        const { data } = event;
        return {
          id: data.foodId,
          user_id: data.userId,
          category: data.category,
          name: everywhere(data.name),
          per100g: data.per100g,
          serving: data.serving ? { grams: data.serving.grams, name: everywhere(data.serving.name) } : null,
          created_at: data.createdAt,
          updated_at: at,
        };
      }
      case 'CustomFoodDeleted':
        return null;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled food event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

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

/** The `water` read model: one document per user and day. */
export const waterProjection: Projection<WaterDocument, WaterEvent> = {
  name: 'water',
  version: 1,
  collection: { name: 'water', indexes: [['user_id', 'date']] },
  handles: waterEventTypes,
  documentId: (event) => userDayId(event.data.userId, event.data.date),
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<WaterEvent>) => {
    const { userId, date } = event.data;
    const entries = current?.entries ?? [];
    const next =
      event.type === 'WaterLogged'
        ? [...entries, { id: event.data.entryId, ml: event.data.ml, logged_at: event.data.loggedAt }]
        : entries.filter((entry) => entry.id !== event.data.entryId);
    return {
      id: userDayId(userId, date),
      user_id: userId,
      date,
      entries: next,
      total_ml: next.reduce((sum, entry) => sum + entry.ml, 0),
    };
  },
};
