import { type Static, Type } from 'typebox';
import { MealTypeField } from '../meals/api.ts';
import { MEAL_TYPES, type MealType } from '../meals/events.ts';
import { Food } from './api.ts';

/**
 * The foods a user logged, for the add dialog's recent and frequent foods and for search, which
 * puts them above foods never logged. The `logged_foods` read model keeps, per user and food, how
 * often and how lately it was logged at each meal type, so neither reads the meal history.
 */
export const LOGGED_FOODS_MODEL = 'logged_foods';

/** How often and how lately a food was logged at one meal type, and how much the last time. */
export type FoodLogsAtMeal = {
  count: number;
  /** Grams of the entry logged last (or changed last). */
  quantity: number;
  last_logged_at: string;
};

/** One food one user logged (its entries still in their meals), per meal type. */
export type LoggedFoodDocument = {
  id: string;
  user_id: string;
  kind: 'food';
  food_id: string;
  meal_types: Partial<Record<MealType, FoodLogsAtMeal>>;
};

export const loggedFoodId = (userId: string, foodId: string) => `food:${userId}:${foodId}`;

/** The most recent foods one answer lists. */
export const RECENT_FOODS_LIMIT = 20;

export const RecentFoodsQuery = Type.Object({ meal_type: Type.Optional(MealTypeField) });
export type RecentFoodsQuery = Static<typeof RecentFoodsQuery>;

export const RecentFood = Type.Object({
  food: Food,
  /** Grams logged last time: at the meal type asked for, where the food was logged at it. */
  quantity: Type.Number(),
  /** Times the food is logged in the user's meals, at any meal type. */
  count: Type.Integer(),
  last_logged_at: Type.String({ format: 'date-time' }),
});
export type RecentFood = Static<typeof RecentFood>;

export const RecentFoodList = Type.Object({ data: Type.Array(RecentFood) });

/**
 * How long it takes a food's usefulness to halve when it is not logged: a food logged four times
 * four weeks ago counts as much as one logged once today.
 */
const HALF_LIFE_MS = 14 * 86_400_000;

/**
 * How useful a food logged `count` times, last at `lastLoggedAt`, is to offer, on a log scale:
 * log2(count × 2^(age / half-life)) up to a constant. Exponential decay keeps the order of two foods
 * the same whatever the time now, so the order needs no clock.
 */
const usefulness = ({ count, last_logged_at }: Pick<FoodLogsAtMeal, 'count' | 'last_logged_at'>) =>
  Math.log2(count) + Date.parse(last_logged_at) / HALF_LIFE_MS;

/** A food as the recent list shows it, its figures at any meal type. */
export type RecentLog = { food_id: string; quantity: number; count: number; last_logged_at: string };

/** What a document says of the food at every meal type together. */
function overall(document: LoggedFoodDocument): FoodLogsAtMeal {
  let all: FoodLogsAtMeal = { count: 0, quantity: 0, last_logged_at: '' };
  for (const type of MEAL_TYPES) {
    const at = document.meal_types[type];
    if (!at) continue;
    const latest = at.last_logged_at > all.last_logged_at ? at : all;
    all = { count: all.count + at.count, quantity: latest.quantity, last_logged_at: latest.last_logged_at };
  }
  return all;
}

/**
 * The logged foods most useful first for `mealType`: the foods logged at that meal type, most
 * often and lately there first, then the others by how often and lately they were logged at all.
 * Without a meal type, all by the latter. At most `limit`.
 */
export function recentFoodsOrder(
  documents: readonly LoggedFoodDocument[],
  mealType: MealType | undefined,
  limit = RECENT_FOODS_LIMIT,
): RecentLog[] {
  const ranked = documents.map((document) => {
    const all = overall(document);
    const atType = mealType ? document.meal_types[mealType] : undefined;
    return {
      log: {
        food_id: document.food_id,
        quantity: atType?.quantity ?? all.quantity,
        count: all.count,
        last_logged_at: all.last_logged_at,
      },
      atType: atType !== undefined,
      usefulness: usefulness(atType ?? all),
    };
  });
  ranked.sort(
    (a, b) =>
      Number(b.atType) - Number(a.atType) || b.usefulness - a.usefulness || a.log.food_id.localeCompare(b.log.food_id),
  );
  return ranked.slice(0, limit).map(({ log }) => log);
}
