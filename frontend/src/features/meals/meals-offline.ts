import { CREATED } from '@fitness/contracts/created-ids.ts';
import { nutrientsFor, roundNutrients, toGrams } from '@fitness/contracts/nutrition/arithmetic.ts';
import type { NewCommand } from '../../lib/offline/outbox.ts';
import { predictedCopiedEntryId, predictedId, uuidFromName } from '../../lib/offline/predicted-ids.ts';
import type { OfflineWrites } from '../../lib/offline/queued-writes.ts';
import { type EntryAdded, type MealsAdded, type SavedMealAdded, thing } from './meals-queued.ts';
import type { EntryInput, Food, Meal, MealEntry, MealType } from './types.ts';

/** The words a meals command is named by when the server refuses it later ("Oatmeal at breakfast"). */
export type MealLabels = {
  /** A meal opened for the day's first entry of its type: "Breakfast". */
  meal(type: MealType): string;
  /** An entry logged, changed or removed, or a saved meal logged: "Oatmeal at breakfast". */
  entry(type: MealType, food: string): string;
  copyMeal(type: MealType, date: string): string;
  copyDay(from: string, to: string): string;
  /** Water logged or removed: "Water, 250 ml". */
  water(ml: number): string;
  /** A meal kept as a saved meal under a name: "Saving Porridge and coffee". */
  saveMeal(name: string): string;
  deleteSavedMeal(name: string): string;
};

/** The signed-in user's outbox as the meals page writes to it without a connection. */
export type MealsOffline = OfflineWrites & { labels: MealLabels };

/** The id of the user's meal of a type on a day: the server's `mealIdFor`, so every device finds the same meal. */
export const mealIdFor = (userId: string, date: string, type: MealType) =>
  uuidFromName(`meal:${userId}:${date}:${type}`);

/**
 * An entry as the server will log it from `input`: a food's nutrients worked out from its values
 * per 100 g and the weight (to 0.1 g), as the server does; a quick-add's values as typed.
 */
export function entryAdded(id: string, input: EntryInput, food: Food | undefined): EntryAdded {
  if ('food_id' in input) {
    if (!food || food.id !== input.food_id) throw new Error('A food logged offline is shown from the food itself');
    const grams = Math.round(toGrams(input.quantity, input.unit, food.serving?.grams ?? null) * 10) / 10;
    const { kcal, protein, carbs, fat } = nutrientsFor(food.per_100g, grams);
    return { id, food_id: food.id, food_name: food.name, quantity: grams, calories: kcal, protein, carbs, fat };
  }
  const { kcal, protein, carbs, fat } = roundNutrients({
    kcal: input.calories,
    protein: input.protein ?? 0,
    carbs: input.carbs ?? 0,
    fat: input.fat ?? 0,
  });
  return { id, food_id: null, food_name: input.name.trim(), quantity: null, calories: kcal, protein, carbs, fat };
}

/**
 * The commands that log `inputs` into the meal of `type` on `date`: the meal opened first unless
 * it is open already (`open`: the server has it, or an opening waits), then each entry, under
 * the id the server will give it. Each entry needs the meal: a refused opening takes them with
 * it. Opening a meal a queued copy opened first changes nothing on the server, so an entry never
 * rests on a copy, whose refusal would take it along.
 */
export async function entryCommands(
  to: MealsOffline,
  target: { date: string; type: MealType; open: boolean },
  inputs: readonly EntryInput[],
  foods: readonly Food[],
): Promise<NewCommand[]> {
  const { date, type } = target;
  const mealId = await mealIdFor(to.userId, date, type);
  const opening: NewCommand[] = target.open
    ? []
    : [
        {
          method: 'POST',
          path: '/meals',
          body: { date, type },
          label: to.labels.meal(type),
          touches: [],
          creates: thing.meal(mealId),
          predicted: { meals: [{ id: mealId, date, type, entries: [] }] } satisfies MealsAdded,
        },
      ];
  const logging = await Promise.all(
    inputs.map(async (input): Promise<NewCommand> => {
      const key = crypto.randomUUID();
      const food = 'food_id' in input ? foods.find((candidate) => candidate.id === input.food_id) : undefined;
      const entry = entryAdded(await predictedId(to.userId, key, CREATED.mealEntry), input, food);
      return {
        method: 'POST',
        path: `/meals/${mealId}/entries`,
        body: input,
        key,
        label: to.labels.entry(type, entry.food_name),
        touches: [thing.meal(mealId)],
        creates: thing.entry(entry.id),
        predicted: { meals: [{ id: mealId, date, type, entries: [entry] }] } satisfies MealsAdded,
      };
    }),
  );
  return [...opening, ...logging];
}

/** A change to an entry, or its removal (no body): named by the entry, needing it and its meal. */
export function entryCommand(
  to: MealsOffline,
  meal: { id: string; type: MealType },
  entry: Pick<MealEntry, 'id' | 'food_name'>,
  change?: Record<string, number | string>,
): NewCommand {
  return {
    method: change ? 'PATCH' : 'DELETE',
    path: `/meals/${meal.id}/entries/${entry.id}`,
    ...(change && { body: change }),
    label: to.labels.entry(meal.type, entry.food_name),
    touches: [thing.meal(meal.id), thing.entry(entry.id)],
  };
}

/**
 * A copy (POST /meals/{id}/copy, /meals/copy-day, /saved-meals/{id}/log): each meal it logs
 * into, with the entries as they were logged, under the ids the server will give them (their
 * place in the meal copied). The server copies what it holds when the command arrives; the
 * screens show what this device held when the user copied.
 */
export async function copyCommand(
  to: MealsOffline,
  request: Pick<NewCommand, 'path' | 'body' | 'label' | 'touches'>,
  copies: readonly { date: string; type: MealType; entries: readonly Omit<MealEntry, 'id' | 'created_at'>[] }[],
): Promise<NewCommand> {
  const key = crypto.randomUUID();
  const meals = await Promise.all(
    copies.map(async ({ date, type, entries }) => ({
      id: await mealIdFor(to.userId, date, type),
      date,
      type,
      entries: await Promise.all(
        entries.map(async ({ food_id, food_name, quantity, calories, protein, carbs, fat }, index) => ({
          id: await predictedCopiedEntryId(to.userId, key, date, type, index),
          ...{ food_id, food_name, quantity, calories, protein, carbs, fat },
        })),
      ),
    })),
  );
  return { method: 'POST', ...request, key, predicted: { meals } satisfies MealsAdded };
}

/** Water logged on `date`, under the id the server will give it (what Undo removes). */
export async function waterCommand(to: MealsOffline, date: string, ml: number) {
  const key = crypto.randomUUID();
  const id = await predictedId(to.userId, key, CREATED.waterEntry);
  const command: NewCommand = {
    method: 'POST',
    path: `/water/${date}`,
    body: { ml },
    key,
    label: to.labels.water(ml),
    touches: [],
    creates: thing.water(id),
  };
  return { id, command };
}

/**
 * A meal kept under a name, as the server will keep it: its entries as they were logged, under
 * the id the server will give it (which a saved meal logged later names).
 */
export async function saveMealCommand(to: MealsOffline, meal: Meal, name: string) {
  const key = crypto.randomUUID();
  const id = await predictedId(to.userId, key, CREATED.savedMeal);
  const { type, calories, protein, carbs, fat } = meal;
  const entries = meal.entries.map(({ id: _id, created_at: _at, ...logged }) => logged);
  const saved = { id, name, type, entries, calories, protein, carbs, fat };
  const command: NewCommand = {
    method: 'POST',
    path: '/saved-meals',
    body: { meal_id: meal.id, name },
    key,
    label: to.labels.saveMeal(name),
    touches: [thing.meal(meal.id)],
    creates: thing.savedMeal(id),
    predicted: { saved } satisfies SavedMealAdded,
  };
  return { saved, command };
}
