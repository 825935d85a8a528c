import fs from 'node:fs';
import path from 'node:path';
import type { FoodCategory, Localized, Nutrients, Serving } from '@fitness/contracts';

/**
 * The food library as the seed file writes it (system-foods.json): energy and macronutrients
 * per 100 g, named in en, de and ar. Figures are USDA FoodData Central reference values
 * (SR Legacy), rounded; for regional dishes and products USDA does not list (shawarma, labneh,
 * Quark, jallab…) they are typical recipe or label values. Alcoholic drinks carry `alcohol`,
 * since their energy is not explained by protein, carbohydrate and fat alone.
 */
export type SystemFood = {
  slug: string;
  category: FoodCategory;
  name: Localized<string>;
  per100g: Nutrients;
  serving?: Serving;
  alcohol?: boolean;
};

const FILE = path.join(import.meta.dirname, 'system-foods.json');
let foods: SystemFood[] | null = null;

export function systemFoods(): SystemFood[] {
  foods ??= JSON.parse(fs.readFileSync(FILE, 'utf8')) as SystemFood[];
  return foods;
}
