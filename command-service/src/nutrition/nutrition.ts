import { createHash } from 'node:crypto';
import {
  type FoodCategory,
  type FoodDocument,
  foodStream,
  type Language,
  type MealDocument,
  type MealType,
  mealStream,
  type Nutrients,
  nutrientsFor,
  type QuantityUnit,
  roundNutrients,
  toGrams,
  waterStream,
} from '@fitness/contracts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { foldDocument, foodsProjection, mealsProjection } from '@fitness/projections';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { newId, uuidFromName } from '../core/ids.ts';
import { EntryNotFound, FoodNotFound, foodDecider, MealNotFound, mealDecider, waterDecider } from './decide.ts';
import { systemFoods } from './system-foods.ts';

/** A food weighed out (`foodId`, quantity, unit), or a quick-add of plain calories and macros. */
export type EntryInput =
  | { kind: 'food'; foodId: string; quantity: number; unit: QuantityUnit }
  | { kind: 'quick'; name: string; nutrients: Nutrients };

/** One meal per user, day and type: its id follows from them, so every device finds the same meal. */
export const mealIdFor = (userId: string, date: string, type: MealType) =>
  uuidFromName(`meal:${userId}:${date}:${type}`);

/**
 * The nutrition writes: the seeded food library, custom foods, meals and their entries (whose
 * nutrients are worked out here, from the food and the quantity, when they are logged), and water.
 */
export class Nutrition {
  private readonly handler: CommandHandler;

  constructor(handler: CommandHandler) {
    this.handler = handler;
  }

  /** Like the exercise library: each food is (re)defined only when new or changed. */
  async seed(now: Date) {
    await Promise.all(
      systemFoods().map(({ slug, category, name, per100g, serving }) => {
        const definition = { category, name, per100g, serving: serving ?? null };
        const digest = createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
        return this.handler.handle(
          foodDecider,
          foodStream(slug),
          { type: 'DefineSystemFood', foodId: slug, definition, at: now.toISOString() },
          { actorId: null, commandId: `seed:${slug}:${digest}`, correlationId: 'seed', now },
        );
      }),
    );
  }

  async createFood(
    userId: string,
    food: { name: string; category: FoodCategory; per100g: Nutrients; serving: { grams: number; name: string } | null },
    context: CommandContext,
  ) {
    const foodId = newId();
    const result = await this.handler.handle(
      foodDecider,
      foodStream(foodId),
      {
        type: 'CreateCustomFood',
        foodId,
        userId,
        at: context.now.toISOString(),
        ...food,
        per100g: roundNutrients(food.per100g),
      },
      context,
      foodsProjection,
    );
    return { food: result.document as FoodDocument, position: result.position };
  }

  async deleteFood(userId: string, foodId: string, context: CommandContext) {
    const result = await this.handler.handle(
      foodDecider,
      foodStream(foodId),
      { type: 'DeleteCustomFood', foodId, userId, at: context.now.toISOString() },
      context,
    );
    return result.position;
  }

  /** Opens the user's meal of that type on that day, or finds it open already. */
  async openMeal(userId: string, date: string, mealType: MealType, context: CommandContext) {
    const mealId = mealIdFor(userId, date, mealType);
    return this.runMeal(
      mealId,
      { type: 'CreateMeal', mealId, userId, date, mealType, at: context.now.toISOString() },
      context,
    );
  }

  async deleteMeal(userId: string, mealId: string, context: CommandContext) {
    return this.runMeal(mealId, { type: 'DeleteMeal', mealId, userId, at: context.now.toISOString() }, context);
  }

  /** `language`: the food's name is logged as the user reads it. */
  async addEntry(userId: string, mealId: string, input: EntryInput, language: Language, context: CommandContext) {
    const entryId = newId();
    const at = context.now.toISOString();
    if (input.kind === 'quick') {
      const nutrients = roundNutrients(input.nutrients);
      const result = await this.runMeal(
        mealId,
        { type: 'AddEntry', mealId, userId, at, entryId, foodId: null, foodName: input.name, grams: null, nutrients },
        context,
      );
      return { ...result, entryId };
    }
    const food = await this.visibleFood(input.foodId, userId);
    const grams = this.grams(input.quantity, input.unit, food);
    const result = await this.runMeal(
      mealId,
      {
        type: 'AddEntry',
        mealId,
        userId,
        at,
        entryId,
        foodId: food.id,
        foodName: food.name[language],
        grams,
        nutrients: nutrientsFor(food.per100g, grams),
      },
      context,
    );
    return { ...result, entryId };
  }

  /**
   * A new quantity for a weighed entry (worked out again from its food, or scaled from what was
   * logged if the food has since been deleted), or new values for a quick-add.
   */
  async changeEntry(
    userId: string,
    mealId: string,
    entryId: string,
    change: { quantity?: number; unit?: QuantityUnit; nutrients?: Partial<Nutrients> },
    context: CommandContext,
  ) {
    const meal = await this.meal(mealId);
    const entry = meal?.entries.find((e) => e.id === entryId);
    if (!meal || meal.user_id !== userId) throw new MealNotFound();
    if (!entry) throw new EntryNotFound();
    const at = context.now.toISOString();
    const current: Nutrients = { kcal: entry.calories, protein: entry.protein, carbs: entry.carbs, fat: entry.fat };
    if (entry.quantity === null || entry.food_id === null) {
      if (change.quantity !== undefined)
        throw new ValidationFailed({
          quantity: ['A quick-add has no quantity; change its calories and macros instead.'],
        });
      const nutrients = roundNutrients({ ...current, ...change.nutrients });
      return this.runMeal(
        mealId,
        { type: 'ChangeEntry', mealId, userId, at, entryId, grams: null, nutrients },
        context,
      );
    }
    if (change.quantity === undefined)
      throw new ValidationFailed({ quantity: ['Give the new quantity of this food.'] });
    const food = await this.food(entry.food_id);
    const grams = this.grams(change.quantity, change.unit ?? 'g', food);
    const nutrients = food
      ? nutrientsFor(food.per100g, grams)
      : roundNutrients({
          kcal: (current.kcal * grams) / entry.quantity,
          protein: (current.protein * grams) / entry.quantity,
          carbs: (current.carbs * grams) / entry.quantity,
          fat: (current.fat * grams) / entry.quantity,
        });
    return this.runMeal(mealId, { type: 'ChangeEntry', mealId, userId, at, entryId, grams, nutrients }, context);
  }

  async removeEntry(userId: string, mealId: string, entryId: string, context: CommandContext) {
    return this.runMeal(
      mealId,
      { type: 'RemoveEntry', mealId, userId, entryId, at: context.now.toISOString() },
      context,
    );
  }

  async logWater(userId: string, date: string, ml: number, context: CommandContext) {
    const entryId = newId();
    const result = await this.handler.handle(
      waterDecider,
      waterStream(userId, date),
      { type: 'LogWater', userId, date, entryId, ml, at: context.now.toISOString() },
      context,
    );
    return { entryId, position: result.position };
  }

  async removeWater(userId: string, date: string, entryId: string, context: CommandContext) {
    return (
      await this.handler.handle(
        waterDecider,
        waterStream(userId, date),
        { type: 'RemoveWater', userId, date, entryId },
        context,
      )
    ).position;
  }

  private grams(quantity: number, unit: QuantityUnit, food: FoodDocument | null) {
    try {
      const grams = Math.round(toGrams(quantity, unit, food?.serving?.grams ?? null) * 10) / 10;
      if (grams <= 0 || grams > 10000)
        throw new RangeError('The quantity must come to more than 0 and at most 10000 g.');
      return grams;
    } catch (error) {
      if (error instanceof RangeError) throw new ValidationFailed({ quantity: [error.message] });
      throw error;
    }
  }

  private async runMeal(mealId: string, command: Parameters<typeof mealDecider.decide>[0], context: CommandContext) {
    const result = await this.handler.handle(mealDecider, mealStream(mealId), command, context, mealsProjection);
    return {
      meal: result.document as MealDocument | null,
      position: result.position,
      created: result.appended && command.type === 'CreateMeal',
    };
  }

  private async meal(mealId: string) {
    return foldDocument(mealsProjection, await this.handler.readStream(mealStream(mealId))) as MealDocument | null;
  }

  private async food(foodId: string) {
    return foldDocument(foodsProjection, await this.handler.readStream(foodStream(foodId))) as FoodDocument | null;
  }

  /** The food, if the user can log it: the library's, or their own and not deleted. */
  private async visibleFood(foodId: string, userId: string) {
    const food = await this.food(foodId);
    if (!food || (food.user_id !== null && food.user_id !== userId)) throw new FoodNotFound();
    return food;
  }
}
