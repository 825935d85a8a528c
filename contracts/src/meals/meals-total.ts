import { type Nutrients, sumNutrients } from '../nutrition/arithmetic.ts';

/** A day's meals (their totals) as one sum of nutrients. */
export function mealsTotal(meals: { calories: number; protein: number; carbs: number; fat: number }[]): Nutrients {
  return sumNutrients(meals.map(({ calories, protein, carbs, fat }) => ({ kcal: calories, protein, carbs, fat })));
}
