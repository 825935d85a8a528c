import type { Localized } from '../exercises/events.ts';

/**
 * Facts about food and drink. Streams: `food-<id>` (library foods use their slug as id, custom
 * ones a UUID), `meal-<id>` (one meal per user, day and type: the id is derived from them),
 * and `water-<userId>-<date>` for a day's water. All at schema version 1.
 */

export const FOOD_CATEGORIES = [
  'protein',
  'carbs',
  'vegetables',
  'fruits',
  'dairy',
  'nuts',
  'fats',
  'beverages',
] as const;
export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;

export type FoodCategory = (typeof FOOD_CATEGORIES)[number];
export type MealType = (typeof MEAL_TYPES)[number];

/** Energy (kcal) and macronutrients (g). */
export type Nutrients = { kcal: number; protein: number; carbs: number; fat: number };

export type Serving = { grams: number; name: Localized<string> };

export type FoodEvent =
  | {
      type: 'SystemFoodDefined';
      data: {
        foodId: string;
        category: FoodCategory;
        name: Localized<string>;
        per100g: Nutrients;
        serving: Serving | null;
        definedAt: string;
      };
    }
  | {
      type: 'CustomFoodCreated';
      data: {
        foodId: string;
        userId: string;
        category: FoodCategory;
        name: string;
        per100g: Nutrients;
        serving: { grams: number; name: string } | null;
        createdAt: string;
      };
    }
  | { type: 'CustomFoodDeleted'; data: { foodId: string; userId: string; deletedAt: string } };

export const foodEventTypes: readonly FoodEvent['type'][] = [
  'SystemFoodDefined',
  'CustomFoodCreated',
  'CustomFoodDeleted',
];

export type MealEvent =
  | {
      type: 'MealCreated';
      data: {
        mealId: string;
        userId: string;
        date: string;
        mealType: MealType;
        /** The name the user gave; absent (in every event before names were accepted), the type's name. */
        name?: string;
        createdAt: string;
      };
    }
  | {
      type: 'MealEntryAdded';
      data: {
        mealId: string;
        entryId: string;
        /** The food the entry weighs out, or null for a quick-add of plain calories and macros. */
        foodId: string | null;
        foodName: string;
        /** Grams of the food, or what a quick-add was logged with; null for a quick-add logged without. */
        grams: number | null;
        /** Worked out when the entry was made, so a later change to the food leaves the log as it was. */
        nutrients: Nutrients;
        addedAt: string;
      };
    }
  | { type: 'MealEntryChanged'; data: { mealId: string; entryId: string; grams: number | null; nutrients: Nutrients } }
  | { type: 'MealEntryRemoved'; data: { mealId: string; entryId: string } }
  | { type: 'MealDeleted'; data: { mealId: string; deletedAt: string } };

/** An entry as it is logged (see MealEntryAdded): what copying it, saving it or logging it again adds. */
export type LoggedEntry = Pick<
  Extract<MealEvent, { type: 'MealEntryAdded' }>['data'],
  'foodId' | 'foodName' | 'grams' | 'nutrients'
>;

export const mealEventTypes: readonly MealEvent['type'][] = [
  'MealCreated',
  'MealEntryAdded',
  'MealEntryChanged',
  'MealEntryRemoved',
  'MealDeleted',
];

export type WaterEvent =
  | { type: 'WaterLogged'; data: { userId: string; date: string; entryId: string; ml: number; loggedAt: string } }
  | { type: 'WaterRemoved'; data: { userId: string; date: string; entryId: string } };

export const waterEventTypes: readonly WaterEvent['type'][] = ['WaterLogged', 'WaterRemoved'];

export const foodStream = (foodId: string) => `food-${foodId}`;
export const mealStream = (mealId: string) => `meal-${mealId}`;
export const waterStream = (userId: string, date: string) => `water-${userId}-${date}`;
