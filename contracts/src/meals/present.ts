import type { MealDocument } from './api.ts';
import type { LoggedEntry } from './events.ts';

/** A meal document without its owner field, as the API shows it. */
export function presentMeal({ user_id: _owner, ...meal }: MealDocument) {
  return meal;
}

/** A logged entry's food and figures as the API shows them: a meal's entry adds its id and time. */
export function presentLoggedEntry({ foodId, foodName, grams, nutrients }: LoggedEntry) {
  return {
    food_id: foodId,
    food_name: foodName,
    quantity: grams,
    calories: nutrients.kcal,
    protein: nutrients.protein,
    carbs: nutrients.carbs,
    fat: nutrients.fat,
  };
}
