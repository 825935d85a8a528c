/** Energy (kcal) and macronutrients (g). */
export type Nutrients = { kcal: number; protein: number; carbs: number; fat: number };

/** Grams in one avoirdupois ounce. */
export const GRAMS_PER_OUNCE = 28.349523125;

/** What a logged quantity is counted in: grams, ounces or the food's servings. */
export const QUANTITY_UNITS = ['g', 'oz', 'serving'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

/**
 * The most one entry may be, more than anyone eats at once: as typed in its unit (the API's
 * schema, the browser's fields) and as the grams it comes to (the meal's rules).
 */
export const MAX_QUANTITY = 10_000;

/** Energy to the kilocalorie, macronutrients to a tenth of a gram: as labels print them. */
export function roundNutrients(nutrients: Nutrients): Nutrients {
  const tenth = (value: number) => Math.round(value * 10) / 10;
  return {
    kcal: Math.round(nutrients.kcal),
    protein: tenth(nutrients.protein),
    carbs: tenth(nutrients.carbs),
    fat: tenth(nutrients.fat),
  };
}

/** What a quantity weighs: grams as they are, ounces converted, servings times the serving's weight. */
export function toGrams(quantity: number, unit: QuantityUnit, servingGrams: number | null): number {
  if (unit === 'oz') return quantity * GRAMS_PER_OUNCE;
  if (unit === 'serving') {
    if (servingGrams === null) throw new RangeError('This food has no serving size; give grams instead.');
    return quantity * servingGrams;
  }
  return quantity;
}

/** A food's nutrients for a weight, from its values per 100 g. */
export function nutrientsFor(per100g: Nutrients, grams: number): Nutrients {
  const factor = grams / 100;
  return roundNutrients({
    kcal: per100g.kcal * factor,
    protein: per100g.protein * factor,
    carbs: per100g.carbs * factor,
    fat: per100g.fat * factor,
  });
}

/** The sum of entries, rounded once at the end so rounding errors do not pile up. */
export function sumNutrients(items: Nutrients[]): Nutrients {
  return roundNutrients(
    items.reduce(
      (sum, item) => ({
        kcal: sum.kcal + item.kcal,
        protein: sum.protein + item.protein,
        carbs: sum.carbs + item.carbs,
        fat: sum.fat + item.fat,
      }),
      { kcal: 0, protein: 0, carbs: 0, fat: 0 },
    ),
  );
}
