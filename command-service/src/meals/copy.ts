import {
  type LoggedEntry,
  MEAL_TYPES,
  type Meal,
  type MealDocument,
  type MealType,
  nutrientsOf,
  presentMeal,
} from '@fitness/contracts';
import { copiedEntry } from '@fitness/contracts/created-ids.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createdId } from '../core/command-context.ts';
import type { CommandHandler } from '../core/command-handler.ts';
import { type commandRunner, signedInUser } from '../core/command-route.ts';
import { mealOf } from './entries.ts';
import { MealNotFound } from './errors.ts';
import { mealIdFor } from './meal.ts';
import { meals } from './routes.ts';

type Streams = Pick<CommandHandler, 'readStream'>;

/** The user's meals of a day that have something in them, in the day's order. */
export async function filledMealsOf(streams: Streams, userId: string, date: string) {
  const day = await Promise.all(MEAL_TYPES.map((type) => mealOf(streams, userId, mealIdFor(userId, date, type))));
  return day.filter((meal): meal is MealDocument => meal !== null && meal.entries.length > 0);
}

/** A meal's entries as they were logged: what logging them again adds. */
export const loggedEntries = (meal: MealDocument): LoggedEntry[] =>
  meal.entries.map((entry) => ({
    foodId: entry.food_id,
    foodName: entry.food_name,
    grams: entry.quantity,
    nutrients: nutrientsOf(entry),
  }));

/**
 * Logs entries again, as they were, into the user's meal of a day and type, opening it if there
 * is none: what copying a meal or a day and logging a saved meal do. One append, so the entries
 * land together; their ids follow from the request's Idempotency-Key, so a retry finds its
 * first attempt done and answers with the same meal.
 */
export async function logAgain(
  run: ReturnType<typeof commandRunner>,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { date: string; type: MealType },
  entries: LoggedEntry[],
): Promise<Meal> {
  const { date, type } = target;
  const result = await run(meals, request, reply, {
    type: 'AddEntries',
    mealId: mealIdFor(signedInUser(request), date, type),
    date,
    mealType: type,
    entries: entries.map((entry, index) => ({
      ...entry,
      entryId: createdId(request, copiedEntry(date, type, index)),
    })),
  });
  if (!result.document) throw new MealNotFound();
  return presentMeal(result.document);
}
