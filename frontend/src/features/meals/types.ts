/** The nutrition shapes of the API, from the shared contracts (type-only: nothing of it ships). */
export type { Food, Meal, MealEntry, RecentFood, SavedMeal, WaterDay, WaterEntry } from '@fitness/contracts';

export type MealType = 'breakfast' | 'lunch' | 'dinner' | 'snacks';
export const MEAL_TYPES: MealType[] = ['breakfast', 'lunch', 'dinner', 'snacks'];

export type Targets = {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  water_ml: number;
  missing: string[];
};

/** What a new entry is: a food and a quantity, or a quick-add of plain values. */
export type EntryInput =
  | { food_id: string; quantity: number; unit: 'g' | 'oz' | 'serving' }
  | { name: string; calories: number; protein?: number; carbs?: number; fat?: number };
