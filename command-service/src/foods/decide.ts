import type { FoodCategory, FoodEvent, Localized, Nutrients, Serving } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { FoodNotFound } from './errors.ts';
import { evolveFood, type FoodState, initialFoodState } from './food.ts';

export type FoodCommand =
  | {
      type: 'DefineSystemFood';
      foodId: string;
      at: string;
      definition: { category: FoodCategory; name: Localized<string>; per100g: Nutrients; serving: Serving | null };
    }
  | {
      type: 'CreateCustomFood';
      foodId: string;
      userId: string;
      at: string;
      category: FoodCategory;
      name: string;
      per100g: Nutrients;
      serving: { grams: number; name: string } | null;
    }
  | { type: 'DeleteCustomFood'; foodId: string; userId: string; at: string };

/** The library's foods come from the seed; a custom food is its creator's alone. */
export function decideFood(command: FoodCommand, state: FoodState): FoodEvent[] {
  switch (command.type) {
    case 'DefineSystemFood':
      if (state.status === 'custom' || state.status === 'deleted') {
        throw new Error(`${command.foodId} is not a library food`);
      }
      return [
        { type: 'SystemFoodDefined', data: { foodId: command.foodId, ...command.definition, definedAt: command.at } },
      ];
    case 'CreateCustomFood': {
      if (state.status !== 'none') throw new Error(`Food ${command.foodId} exists already`);
      const { foodId, userId, category, name, per100g, serving, at } = command;
      return [{ type: 'CustomFoodCreated', data: { foodId, userId, category, name, per100g, serving, createdAt: at } }];
    }
    case 'DeleteCustomFood':
      // The library's foods and other users' foods are not this user's to delete: not found.
      if (state.status !== 'custom' || state.userId !== command.userId) throw new FoodNotFound();
      return [
        { type: 'CustomFoodDeleted', data: { foodId: command.foodId, userId: command.userId, deletedAt: command.at } },
      ];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled food command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const foodDecider: Decider<FoodCommand, FoodEvent, FoodState> = {
  initialState: initialFoodState,
  evolve: evolveFood,
  decide: decideFood,
};
