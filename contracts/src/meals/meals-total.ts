import { type Nutrients, sumNutrients } from '../nutrition/arithmetic.ts';
import type { MacroTotals } from './api.ts';
import { nutrientsOf } from './present.ts';

/** A day's meals (their totals) as one sum of nutrients. */
export function mealsTotal(meals: MacroTotals[]): Nutrients {
  return sumNutrients(meals.map(nutrientsOf));
}
