import { type LoggedEntry, MAX_SAVED_MEALS, type MealType, type SavedMealEvent } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { NothingToSave, SavedMealNotFound, TooManySavedMeals } from './errors.ts';
import { evolveSavedMeals, initialSavedMealsState, type SavedMealsState } from './saved-meals.ts';

type Base = { userId: string; savedMealId: string; at: string };

export type SavedMealCommand =
  | (Base & { type: 'SaveMeal'; name: string; mealType: MealType; entries: LoggedEntry[] })
  | (Base & { type: 'RenameSavedMeal'; name: string })
  | (Base & { type: 'DeleteSavedMeal' });

/**
 * A user's saved meals, all in one stream so that the limit on how many they keep is decided on
 * what is there. A saved meal that is not in it (deleted, or someone else's) is not found.
 */
export function decideSavedMeals(command: SavedMealCommand, state: SavedMealsState): SavedMealEvent[] {
  const { userId, savedMealId, at } = command;
  switch (command.type) {
    case 'SaveMeal': {
      if (state.has(savedMealId)) throw new Error(`Saved meal ${savedMealId} exists already`);
      if (command.entries.length === 0) throw new NothingToSave();
      if (state.size >= MAX_SAVED_MEALS) throw new TooManySavedMeals();
      const { name, mealType, entries } = command;
      return [{ type: 'SavedMealCreated', data: { savedMealId, userId, name, mealType, entries, createdAt: at } }];
    }
    case 'RenameSavedMeal': {
      const saved = state.get(savedMealId);
      if (!saved) throw new SavedMealNotFound();
      if (saved.name === command.name) return [];
      return [{ type: 'SavedMealRenamed', data: { savedMealId, userId, name: command.name } }];
    }
    case 'DeleteSavedMeal':
      if (!state.has(savedMealId)) throw new SavedMealNotFound();
      return [{ type: 'SavedMealDeleted', data: { savedMealId, userId, deletedAt: at } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled saved meal command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const savedMealsDecider: Decider<SavedMealCommand, SavedMealEvent, SavedMealsState> = {
  initialState: initialSavedMealsState,
  evolve: evolveSavedMeals,
  decide: decideSavedMeals,
};
