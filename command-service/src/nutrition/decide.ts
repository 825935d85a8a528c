import type {
  FoodCategory,
  FoodEvent,
  Localized,
  MealEvent,
  MealType,
  Nutrients,
  Serving,
  WaterEvent,
} from '@fitness/contracts';
import { NotFound } from '@fitness/platform/errors.ts';
import type { Decider } from '../core/command-handler.ts';

export class FoodNotFound extends NotFound {
  constructor() {
    super('Food not found.');
  }
}
export class MealNotFound extends NotFound {
  constructor() {
    super('Meal not found.');
  }
}
export class EntryNotFound extends NotFound {
  constructor() {
    super('That entry is not part of this meal.');
  }
}
export class WaterEntryNotFound extends NotFound {
  constructor() {
    super('That water entry is not logged on this day.');
  }
}

// Foods

export type FoodState = { status: 'none' | 'system' | 'custom' | 'deleted'; userId: string | null };

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

export const foodDecider: Decider<FoodCommand, FoodEvent, FoodState> = {
  initialState: () => ({ status: 'none', userId: null }),
  evolve: (state, event) =>
    event.type === 'SystemFoodDefined'
      ? { status: 'system', userId: null }
      : event.type === 'CustomFoodCreated'
        ? { status: 'custom', userId: event.data.userId }
        : { ...state, status: 'deleted' },
  decide: (command, state) => {
    switch (command.type) {
      case 'DefineSystemFood':
        if (state.status === 'custom' || state.status === 'deleted')
          throw new Error(`${command.foodId} is not a library food`);
        return [
          { type: 'SystemFoodDefined', data: { foodId: command.foodId, ...command.definition, definedAt: command.at } },
        ];
      case 'CreateCustomFood': {
        if (state.status !== 'none') throw new Error(`Food ${command.foodId} exists already`);
        const { foodId, userId, category, name, per100g, serving, at } = command;
        return [
          { type: 'CustomFoodCreated', data: { foodId, userId, category, name, per100g, serving, createdAt: at } },
        ];
      }
      case 'DeleteCustomFood':
        // The library's foods and other users' foods are not this user's to delete: not found.
        if (state.status !== 'custom' || state.userId !== command.userId) throw new FoodNotFound();
        return [
          {
            type: 'CustomFoodDeleted',
            data: { foodId: command.foodId, userId: command.userId, deletedAt: command.at },
          },
        ];
      default: {
        const unhandled: never = command;
        throw new Error(`Unhandled food command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

// Meals

export type MealEntryState = { foodId: string | null; grams: number | null; nutrients: Nutrients };
export type MealState = {
  status: 'none' | 'open' | 'deleted';
  userId: string | null;
  entries: Map<string, MealEntryState>;
};

type MealBase = { mealId: string; userId: string; at: string };
export type MealCommand =
  | (MealBase & { type: 'CreateMeal'; date: string; mealType: MealType })
  | (MealBase & {
      type: 'AddEntry';
      entryId: string;
      foodId: string | null;
      foodName: string;
      grams: number | null;
      nutrients: Nutrients;
    })
  | (MealBase & { type: 'ChangeEntry'; entryId: string; grams: number | null; nutrients: Nutrients })
  | (MealBase & { type: 'RemoveEntry'; entryId: string })
  | (MealBase & { type: 'DeleteMeal' });

function evolveMeal(state: MealState, event: MealEvent): MealState {
  switch (event.type) {
    case 'MealCreated':
      return { status: 'open', userId: event.data.userId, entries: new Map() };
    case 'MealEntryAdded':
    case 'MealEntryChanged': {
      const entries = new Map(state.entries);
      const before = entries.get(event.data.entryId);
      const foodId = event.type === 'MealEntryAdded' ? event.data.foodId : (before?.foodId ?? null);
      entries.set(event.data.entryId, { foodId, grams: event.data.grams, nutrients: event.data.nutrients });
      return { ...state, entries };
    }
    case 'MealEntryRemoved': {
      const entries = new Map(state.entries);
      entries.delete(event.data.entryId);
      return { ...state, entries };
    }
    case 'MealDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled meal event ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * A user's meal of one type on one day. Creating it again is done already (two devices adding
 * the first breakfast entry at once meet in the same meal); someone else's meal is not found.
 */
function decideMeal(command: MealCommand, state: MealState): MealEvent[] {
  const { mealId, userId, at } = command;
  if (command.type === 'CreateMeal') {
    if (state.status === 'open' && state.userId === userId) return [];
    if (state.status !== 'none') throw new MealNotFound();
    return [
      { type: 'MealCreated', data: { mealId, userId, date: command.date, mealType: command.mealType, createdAt: at } },
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
  initialState: () => ({ status: 'none', userId: null, entries: new Map() }),
  evolve: evolveMeal,
  decide: decideMeal,
};

// Water

export type WaterCommand =
  | { type: 'LogWater'; userId: string; date: string; entryId: string; ml: number; at: string }
  | { type: 'RemoveWater'; userId: string; date: string; entryId: string };

export const waterDecider: Decider<WaterCommand, WaterEvent, Set<string>> = {
  initialState: () => new Set(),
  evolve: (entries, event) => {
    const next = new Set(entries);
    if (event.type === 'WaterLogged') next.add(event.data.entryId);
    else next.delete(event.data.entryId);
    return next;
  },
  decide: (command, entries) => {
    const { userId, date, entryId } = command;
    if (command.type === 'LogWater')
      return [{ type: 'WaterLogged', data: { userId, date, entryId, ml: command.ml, loggedAt: command.at } }];
    if (!entries.has(entryId)) throw new WaterEntryNotFound();
    return [{ type: 'WaterRemoved', data: { userId, date, entryId } }];
  },
};
