import type { Language } from '../exercises/events.ts';
import type { Food, FoodDocument } from './api.ts';

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
