import type { Nutrients } from '../nutrition/arithmetic.ts';
import type { MacroTotals, MealDocument } from './api.ts';
import type { LoggedEntry } from './events.ts';

/** A meal document without its owner field, as the API shows it. */
export function presentMeal({ user_id: _owner, ...meal }: MealDocument) {
  return meal;
}

/** Nutrients as an entry, a meal and a saved meal show them (MacroTotals): kcal as calories, grams of each macro. */
export function macroTotals({ kcal, protein, carbs, fat }: Nutrients): MacroTotals {
  return { calories: kcal, protein, carbs, fat };
}

/** What an entry, a meal or a saved meal shows (MacroTotals) as nutrients again: calories as kcal. */
export function nutrientsOf({ calories, protein, carbs, fat }: MacroTotals): Nutrients {
  return { kcal: calories, protein, carbs, fat };
}

/** A logged entry's food and figures as the API shows them: a meal's entry adds its id and time. */
export function presentLoggedEntry({ foodId, foodName, grams, nutrients }: LoggedEntry) {
  return { food_id: foodId, food_name: foodName, quantity: grams, ...macroTotals(nutrients) };
}
