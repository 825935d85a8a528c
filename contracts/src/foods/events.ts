import type { Localized } from '../exercises/events.ts';
import type { Nutrients } from '../nutrition/arithmetic.ts';

/**
 * Facts about foods. Stream: `food-<id>` (library foods use their slug as id, custom ones a UUID).
 * All at schema version 1.
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

export type FoodCategory = (typeof FOOD_CATEGORIES)[number];

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

export const foodStream = (foodId: string) => `food-${foodId}`;
