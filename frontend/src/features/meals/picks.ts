import {
  GRAMS_PER_OUNCE,
  MAX_QUANTITY,
  type Nutrients,
  nutrientsFor,
  type QuantityUnit,
  sumNutrients,
  toGrams,
} from '@fitness/contracts/nutrition/arithmetic.ts';
import { formatFoodAmount } from '../../lib/format.ts';
import { parseDecimal, type Units } from '../../lib/units.ts';
import type { EntryInput, Food } from './types.ts';

/** A food picked in the add dialog, with the amount typed for it (as typed, so it can be edited freely). */
export type Pick = { food: Food; amount: string; unit: QuantityUnit };

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * What a food is picked with: the amount last logged of it when it was (in servings when that is
 * a whole or half number of them, as people count), else one serving, else 100 g (3.5 oz).
 */
export function firstAmount(food: Food, units: Units, lastGrams?: number): Pick {
  const serving = food.serving;
  if (lastGrams !== undefined && lastGrams > 0) {
    const servings = serving ? lastGrams / serving.grams : 0;
    if (serving && servings >= 0.5 && Math.abs(servings * 2 - Math.round(servings * 2)) < 0.01) {
      return { food, amount: String(Math.round(servings * 2) / 2), unit: 'serving' };
    }
    return units === 'imperial'
      ? { food, amount: String(tenth(lastGrams / GRAMS_PER_OUNCE)), unit: 'oz' }
      : { food, amount: String(tenth(lastGrams)), unit: 'g' };
  }
  if (serving) return { food, amount: '1', unit: 'serving' };
  return units === 'imperial' ? { food, amount: '3.5', unit: 'oz' } : { food, amount: '100', unit: 'g' };
}

/** The amount typed, or null when it is not one the API takes. */
export function pickQuantity(pick: Pick): number | null {
  const amount = parseDecimal(pick.amount);
  return amount > 0 && amount <= MAX_QUANTITY ? amount : null;
}

/** What a pick adds, as the server will count it; null while its amount is not a valid one. */
export function pickNutrients(pick: Pick): Nutrients | null {
  const quantity = pickQuantity(pick);
  if (quantity === null) return null;
  return nutrientsFor(pick.food.per_100g, toGrams(quantity, pick.unit, pick.food.serving?.grams ?? null));
}

/** A pick told in another unit, its amount converted so that it still weighs the same. */
export function changeUnit(pick: Pick, unit: QuantityUnit): Pick {
  const quantity = pickQuantity(pick);
  const servingGrams = pick.food.serving?.grams ?? null;
  if (quantity === null || (unit === 'serving' && servingGrams === null)) return { ...pick, unit };
  const grams = toGrams(quantity, pick.unit, servingGrams);
  const amount = unit === 'g' ? grams : unit === 'oz' ? grams / GRAMS_PER_OUNCE : grams / (servingGrams ?? grams);
  return { ...pick, unit, amount: String(tenth(amount)) };
}

/** The sum of the picks whose amounts are valid. */
export const picksTotal = (picks: Pick[]) =>
  sumNutrients(picks.map(pickNutrients).filter((nutrients): nutrients is Nutrients => nutrients !== null));

/** The entry a valid pick is logged as. */
export function pickEntry(pick: Pick): EntryInput | null {
  const quantity = pickQuantity(pick);
  return quantity === null ? null : { food_id: pick.food.id, quantity, unit: pick.unit };
}

/**
 * A serving as people read it, its weight said once: "1 glass (250 ml)" reads "1 glass · 250 ml"
 * (the name already gives its measure), "1 cup" reads "1 cup · 240 g".
 */
export function servingLabel(serving: { name: string; grams: number }, units: Units, locale: string) {
  const measured = /^(.*\S)\s*\(([^()]+)\)\s*$/.exec(serving.name);
  if (measured) return `${measured[1]} · ${measured[2]}`;
  return `${serving.name} · ${formatFoodAmount(serving.grams, units, locale)}`;
}
