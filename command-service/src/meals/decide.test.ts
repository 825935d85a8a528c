import type { MealEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { mealDecider } from './decide.ts';
import { EntryNotFound, MealNotFound } from './errors.ts';

const meals = specification(mealDecider);
const at = '2026-11-21T08:00:00.000Z';
const nutrients = { kcal: 152, protein: 5.3, carbs: 27.1, fat: 2.6 };
const created: MealEvent = {
  type: 'MealCreated',
  data: { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', createdAt: at },
};
const added: MealEvent = {
  type: 'MealEntryAdded',
  data: { mealId: 'm1', entryId: 'e1', foodId: 'oats', foodName: 'Oats', grams: 40, nutrients, addedAt: at },
};

describe('meal decider', () => {
  it('opens a meal once; opening it again decides nothing', () => {
    meals
      .given([])
      .when({ type: 'CreateMeal', mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', at })
      .thenEvents([created]);
    meals
      .given([created])
      .when({ type: 'CreateMeal', mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', at })
      .thenEvents([]);
  });
  it('keeps the name a meal is opened with; the meal open already keeps its own', () => {
    const named: MealEvent = { type: 'MealCreated', data: { ...created.data, name: 'Brunch' } } as MealEvent;
    const open = { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', name: 'Brunch', at } as const;
    meals
      .given([])
      .when({ type: 'CreateMeal', ...open })
      .thenEvents([named]);
    meals
      .given([created])
      .when({ type: 'CreateMeal', ...open })
      .thenEvents([]);
  });
  it("treats another user's meal as not found", () => {
    meals
      .given([created])
      .when({
        type: 'AddEntry',
        mealId: 'm1',
        userId: 'u2',
        at,
        entryId: 'e2',
        foodId: null,
        foodName: 'x',
        grams: null,
        nutrients,
      })
      .thenThrows(MealNotFound);
    meals.given([created]).when({ type: 'DeleteMeal', mealId: 'm1', userId: 'u2', at }).thenThrows(MealNotFound);
  });
  it('adds, changes and removes entries that exist', () => {
    meals
      .given([created])
      .when({
        type: 'AddEntry',
        mealId: 'm1',
        userId: 'u1',
        at,
        entryId: 'e1',
        foodId: 'oats',
        foodName: 'Oats',
        grams: 40,
        nutrients,
      })
      .thenEvents([added]);
    const doubled = { kcal: 303, protein: 10.6, carbs: 54.2, fat: 5.2 };
    meals
      .given([created, added])
      .when({ type: 'ChangeEntry', mealId: 'm1', userId: 'u1', at, entryId: 'e1', grams: 80, nutrients: doubled })
      .thenEvents([{ type: 'MealEntryChanged', data: { mealId: 'm1', entryId: 'e1', grams: 80, nutrients: doubled } }]);
    meals
      .given([created])
      .when({ type: 'RemoveEntry', mealId: 'm1', userId: 'u1', at, entryId: 'e1' })
      .thenThrows(EntryNotFound);
  });
  it('creates a deleted meal anew, without the entries it had, and takes entries again', () => {
    const deleted: MealEvent = { type: 'MealDeleted', data: { mealId: 'm1', deletedAt: at } };
    const later = '2026-11-21T09:00:00.000Z';
    const createAgain = { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', at: later } as const;
    const recreated: MealEvent = { type: 'MealCreated', data: { ...created.data, createdAt: later } } as MealEvent;
    meals
      .given([created, added, deleted])
      .when({ type: 'CreateMeal', ...createAgain })
      .thenEvents([recreated]);
    meals
      .given([created, added, deleted, recreated])
      .when({ type: 'RemoveEntry', mealId: 'm1', userId: 'u1', at: later, entryId: 'e1' })
      .thenThrows(EntryNotFound);
    meals
      .given([created, added, deleted, recreated])
      .when({ type: 'CreateMeal', ...createAgain })
      .thenEvents([]);
    meals
      .given([created, added, deleted])
      .when({ type: 'CreateMeal', ...createAgain, userId: 'u2' })
      .thenThrows(MealNotFound);
  });
  it('adds several entries at once, opening the meal in the same append when it is not open', () => {
    const several = {
      type: 'AddEntries',
      mealId: 'm1',
      userId: 'u1',
      date: '2026-11-21',
      mealType: 'breakfast',
      at,
      entries: [
        { entryId: 'e1', foodId: 'oats', foodName: 'Oats', grams: 40, nutrients },
        {
          entryId: 'e2',
          foodId: null,
          foodName: 'Coffee',
          grams: null,
          nutrients: { kcal: 2, protein: 0, carbs: 0, fat: 0 },
        },
      ],
    } as const;
    const coffee: MealEvent = {
      type: 'MealEntryAdded',
      data: { ...several.entries[1], mealId: 'm1', addedAt: at },
    };
    meals.given([]).when(several).thenEvents([created, added, coffee]);
    meals.given([created]).when(several).thenEvents([added, coffee]);
    const deleted: MealEvent = { type: 'MealDeleted', data: { mealId: 'm1', deletedAt: at } };
    meals.given([created, added, deleted]).when(several).thenEvents([created, added, coffee]);
    meals
      .given([])
      .when({ ...several, entries: [] })
      .thenEvents([]);
    meals
      .given([created])
      .when({ ...several, userId: 'u2' })
      .thenThrows(MealNotFound);
  });
  it('accepts nothing on a deleted meal', () => {
    const deleted: MealEvent = { type: 'MealDeleted', data: { mealId: 'm1', deletedAt: at } };
    meals
      .given([created, deleted])
      .when({ type: 'RemoveEntry', mealId: 'm1', userId: 'u1', at, entryId: 'e1' })
      .thenThrows(MealNotFound);
  });
});
