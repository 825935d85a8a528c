import type { Nutrients } from '../nutrition/arithmetic.ts';

/**
 * Facts about meals. Stream: `meal-<id>` (one meal per user, day and type: the id is derived from
 * them). All at schema version 1.
 */

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;

export type MealType = (typeof MEAL_TYPES)[number];

export type MealEvent =
  | {
      type: 'MealCreated';
      data: {
        mealId: string;
        userId: string;
        date: string;
        mealType: MealType;
        /** The name the user gave; absent (in every event before names were accepted), the type's name. */
        name?: string;
        createdAt: string;
      };
    }
  | {
      type: 'MealEntryAdded';
      data: {
        mealId: string;
        entryId: string;
        /** The food the entry weighs out, or null for a quick-add of plain calories and macros. */
        foodId: string | null;
        foodName: string;
        /** Grams of the food, or what a quick-add was logged with; null for a quick-add logged without. */
        grams: number | null;
        /** Worked out when the entry was made, so a later change to the food leaves the log as it was. */
        nutrients: Nutrients;
        addedAt: string;
      };
    }
  | { type: 'MealEntryChanged'; data: { mealId: string; entryId: string; grams: number | null; nutrients: Nutrients } }
  | { type: 'MealEntryRemoved'; data: { mealId: string; entryId: string } }
  | { type: 'MealDeleted'; data: { mealId: string; deletedAt: string } };

/** An entry as it is logged (see MealEntryAdded): what copying it, saving it or logging it again adds. */
export type LoggedEntry = Pick<
  Extract<MealEvent, { type: 'MealEntryAdded' }>['data'],
  'foodId' | 'foodName' | 'grams' | 'nutrients'
>;

export const mealEventTypes: readonly MealEvent['type'][] = [
  'MealCreated',
  'MealEntryAdded',
  'MealEntryChanged',
  'MealEntryRemoved',
  'MealDeleted',
];

export const mealStream = (mealId: string) => `meal-${mealId}`;
