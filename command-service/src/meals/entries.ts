import {
  type FoodDocument,
  foodStream,
  isUuid,
  type Language,
  MAX_QUANTITY,
  type MealDocument,
  mealStream,
  type Nutrients,
  nutrientsFor,
  nutrientsOf,
  type QuantityUnit,
  roundNutrients,
  toGrams,
} from '@fitness/contracts';
import { foldDocument, foodsProjection, mealsProjection } from '@fitness/projections';
import type { CommandHandler } from '../core/command-handler.ts';
import { FoodNotFound } from '../foods/errors.ts';
import { EntryNotFound, InvalidQuantity, MealNotFound, QuantityRequired, QuickAddHasNoQuantity } from './errors.ts';

/** A food weighed out (`foodId`, quantity, unit), or a quick-add of plain calories and macros. */
export type EntryInput =
  | { kind: 'food'; foodId: string; quantity: number; unit: QuantityUnit }
  | {
      kind: 'quick';
      name: string;
      nutrients: Nutrients;
      /** How much was eaten, kept with the entry; the nutrients are what the user typed, not worked out from it. */
      quantity: { amount: number; unit: QuantityUnit } | null;
    };

export type EntryChange = { quantity?: number; unit?: QuantityUnit; nutrients?: Partial<Nutrients> };

type Streams = Pick<CommandHandler, 'readStream'>;

/**
 * One of the user's meals as its stream holds it now (not as the read model may lag behind):
 * what changing an entry, a copy or a saved meal starts from. Null for anyone else's, or none.
 */
export async function mealOf(streams: Streams, userId: string, mealId: string) {
  if (!isUuid(mealId)) return null;
  const meal = foldDocument(mealsProjection, await streams.readStream(mealStream(mealId))) as MealDocument | null;
  return meal?.user_id === userId ? meal : null;
}

/** One of the user's meals (see `mealOf`), or MealNotFound. */
export async function ownMeal(streams: Streams, userId: string, mealId: string) {
  const meal = await mealOf(streams, userId, mealId);
  if (!meal) throw new MealNotFound();
  return meal;
}

/**
 * What logging an entry adds to a meal. A food's nutrients are worked out now, from the food and
 * the quantity, so a later change to the food leaves the log as it was; its name is kept in the
 * language the user reads.
 */
export async function entryToAdd(streams: Streams, userId: string, input: EntryInput, language: Language) {
  if (input.kind === 'quick') {
    const grams = input.quantity && gramsOf(input.quantity.amount, input.quantity.unit, null);
    return { foodId: null, foodName: input.name, grams, nutrients: roundNutrients(input.nutrients) };
  }
  const food = await foodOf(streams, input.foodId);
  // The library's foods and the user's own; anyone else's is not found.
  if (!food || (food.user_id !== null && food.user_id !== userId)) throw new FoodNotFound();
  const grams = gramsOf(input.quantity, input.unit, food);
  return { foodId: food.id, foodName: food.name[language], grams, nutrients: nutrientsFor(food.per100g, grams) };
}

/**
 * What changing an entry makes of it: a weighed entry is weighed again (worked out from its food,
 * or scaled from what was logged if the food has since been deleted, or is a quick-add logged
 * with a quantity); a quick-add takes new values and keeps its quantity.
 */
export async function entryAfterChange(
  streams: Streams,
  userId: string,
  mealId: string,
  entryId: string,
  change: EntryChange,
) {
  const meal = await ownMeal(streams, userId, mealId);
  const entry = meal.entries.find((e) => e.id === entryId);
  if (!entry) throw new EntryNotFound();
  const current = nutrientsOf(entry);
  if (change.quantity === undefined) {
    if (entry.food_id !== null) throw new QuantityRequired();
    return { grams: entry.quantity, nutrients: roundNutrients({ ...current, ...change.nutrients }) };
  }
  if (entry.quantity === null) throw new QuickAddHasNoQuantity();
  const food = entry.food_id === null ? null : await foodOf(streams, entry.food_id);
  const grams = gramsOf(change.quantity, change.unit ?? 'g', food);
  const logged = entry.quantity;
  const nutrients = food
    ? nutrientsFor(food.per100g, grams)
    : roundNutrients({
        kcal: (current.kcal * grams) / logged,
        protein: (current.protein * grams) / logged,
        carbs: (current.carbs * grams) / logged,
        fat: (current.fat * grams) / logged,
      });
  return { grams, nutrients };
}

async function foodOf(streams: Streams, foodId: string) {
  return foldDocument(foodsProjection, await streams.readStream(foodStream(foodId))) as FoodDocument | null;
}

/** Grams to 0.1 g; a unit the food cannot be weighed in (servings of a food without one) is refused. */
function gramsOf(quantity: number, unit: QuantityUnit, food: FoodDocument | null) {
  let grams: number;
  try {
    grams = Math.round(toGrams(quantity, unit, food?.serving?.grams ?? null) * 10) / 10;
  } catch (error) {
    if (error instanceof RangeError) throw new InvalidQuantity(error.message);
    throw error;
  }
  if (grams <= 0 || grams > MAX_QUANTITY) throw new InvalidQuantity();
  return grams;
}
