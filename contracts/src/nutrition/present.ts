import type { Language } from '../exercises/events.ts';
import type { Food, FoodDocument, MealDocument } from './api.ts';
import type { LoggedEntry } from './events.ts';

/** A food document as the API shows it, in one language. */
export function presentFood(food: FoodDocument, language: Language): Food {
  return {
    id: food.id,
    name: food.name[language],
    category: food.category,
    per_100g: food.per100g,
    serving: food.serving ? { grams: food.serving.grams, name: food.serving.name[language] } : null,
    is_custom: food.user_id !== null,
  };
}

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
