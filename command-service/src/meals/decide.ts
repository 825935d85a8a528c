import type { LoggedEntry, MealEvent, MealType, Nutrients } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { EntryNotFound, MealNotFound } from './errors.ts';
import { evolveMeal, initialMealState, type MealState } from './meal.ts';

type Base = { mealId: string; userId: string; at: string };

export type MealCommand =
  | (Base & { type: 'CreateMeal'; date: string; mealType: MealType; name?: string })
  | (Base & LoggedEntry & { type: 'AddEntry'; entryId: string })
  | (Base & {
      type: 'AddEntries';
      date: string;
      mealType: MealType;
      entries: readonly (LoggedEntry & { entryId: string })[];
    })
  | (Base & { type: 'ChangeEntry'; entryId: string; grams: number | null; nutrients: Nutrients })
  | (Base & { type: 'RemoveEntry'; entryId: string })
  | (Base & { type: 'DeleteMeal' });

/**
 * A user's meal of one type on one day. Creating it again is done already (two devices adding
 * the first breakfast entry at once meet in the same meal); someone else's meal is not found.
 * A deleted meal is created anew, empty, on the same stream: its id follows from the user, day
 * and type, so there is no other stream it could open on.
 *
 * Several entries added at once (a meal, a day or a saved meal logged again) open the meal if
 * it is not open, in the same append: they are all there or none are. None opens nothing.
 */
export function decideMeal(command: MealCommand, state: MealState): MealEvent[] {
  const { mealId, userId, at } = command;
  if (command.type === 'CreateMeal') {
    if (state.status !== 'none' && state.userId !== userId) throw new MealNotFound();
    if (state.status === 'open') return [];
    const { date, mealType, name } = command;
    return [
      {
        type: 'MealCreated',
        data: { mealId, userId, date, mealType, ...(name !== undefined && { name }), createdAt: at },
      },
    ];
  }
  if (command.type === 'AddEntries') {
    if (state.status !== 'none' && state.userId !== userId) throw new MealNotFound();
    const { date, mealType, entries } = command;
    if (entries.length === 0) return [];
    const opened: MealEvent[] =
      state.status === 'open' ? [] : [{ type: 'MealCreated', data: { mealId, userId, date, mealType, createdAt: at } }];
    return [
      ...opened,
      ...entries.map(
        ({ entryId, foodId, foodName, grams, nutrients }): MealEvent => ({
          type: 'MealEntryAdded',
          data: { mealId, entryId, foodId, foodName, grams, nutrients, addedAt: at },
        }),
      ),
    ];
  }
  if (state.status !== 'open' || state.userId !== userId) throw new MealNotFound();
  switch (command.type) {
    case 'AddEntry': {
      const { entryId, foodId, foodName, grams, nutrients } = command;
      return [{ type: 'MealEntryAdded', data: { mealId, entryId, foodId, foodName, grams, nutrients, addedAt: at } }];
    }
    case 'ChangeEntry':
      if (!state.entries.has(command.entryId)) throw new EntryNotFound();
      return [
        {
          type: 'MealEntryChanged',
          data: { mealId, entryId: command.entryId, grams: command.grams, nutrients: command.nutrients },
        },
      ];
    case 'RemoveEntry':
      if (!state.entries.has(command.entryId)) throw new EntryNotFound();
      return [{ type: 'MealEntryRemoved', data: { mealId, entryId: command.entryId } }];
    case 'DeleteMeal':
      return [{ type: 'MealDeleted', data: { mealId, deletedAt: at } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled meal command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const mealDecider: Decider<MealCommand, MealEvent, MealState> = {
  initialState: initialMealState,
  evolve: evolveMeal,
  decide: decideMeal,
};
