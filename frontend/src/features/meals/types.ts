import type { AddEntryBody } from '@fitness/contracts';

/** The nutrition shapes of the API, from the shared contracts (type-only: nothing of them ships). */
export type {
  Food,
  Meal,
  MealEntry,
  MealType,
  NutritionTargets as Targets,
  RecentFood,
  SavedMeal,
  WaterDay,
  WaterEntry,
} from '@fitness/contracts';
/** The meal types in the day's order (its own module: the contracts' index would ship every schema). */
export { MEAL_TYPES } from '@fitness/contracts/meals/events.ts';

/**
 * What a new entry is: a food and a quantity, or a quick-add of plain values. The add dialog
 * sends one or the other, never the fields of both that the API's body (AddEntryBody) accepts.
 */
export type EntryInput =
  | Required<Pick<AddEntryBody, 'food_id' | 'quantity' | 'unit'>>
  | (Required<Pick<AddEntryBody, 'name' | 'calories'>> & Pick<AddEntryBody, 'protein' | 'carbs' | 'fat'>);
