import assert from 'node:assert/strict';
import type { MealEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { recorded } from '../testing/recorded-events.ts';
import { mealsProjection } from './meals-projection.ts';

const at = '2026-11-21T08:00:00.000Z';
const entry = (entryId: string, kcal: number, protein: number): MealEvent => ({
  type: 'MealEntryAdded',
  data: {
    mealId: 'm1',
    entryId,
    foodId: null,
    foodName: entryId,
    grams: null,
    nutrients: { kcal, protein, carbs: 0, fat: 0 },
    addedAt: at,
  },
});

describe('meals projection', () => {
  it('keeps the totals the sum of the entries through adds, edits and removals', () => {
    const meal = foldDocument(
      mealsProjection,
      recorded<MealEvent>([
        {
          type: 'MealCreated',
          data: { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'lunch', createdAt: at },
        },
        entry('a', 100, 10.1),
        entry('b', 250, 5.05),
        {
          type: 'MealEntryChanged',
          data: { mealId: 'm1', entryId: 'a', grams: null, nutrients: { kcal: 120, protein: 12.2, carbs: 0, fat: 0 } },
        },
        entry('c', 80, 1),
        { type: 'MealEntryRemoved', data: { mealId: 'm1', entryId: 'b' } },
      ]),
    );
    assert.deepEqual(
      { calories: meal?.calories, protein: meal?.protein, entries: meal?.entries.map((e) => e.id), name: meal?.name },
      { calories: 200, protein: 13.2, entries: ['a', 'c'], name: 'Lunch' },
    );
  });

  it('shows the name a meal was created with (without one, the type names it, as above)', () => {
    const named = foldDocument(
      mealsProjection,
      recorded<MealEvent>([
        {
          type: 'MealCreated',
          data: { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'dinner', name: 'Birthday', createdAt: at },
        },
      ]),
    );
    assert.equal(named?.name, 'Birthday');
  });

  it('shows a meal created again after its deletion as new: none of the entries it had', () => {
    const created: MealEvent = {
      type: 'MealCreated',
      data: { mealId: 'm1', userId: 'u1', date: '2026-11-21', mealType: 'breakfast', createdAt: at },
    };
    const later = '2026-11-21T09:00:00.000Z';
    const meal = foldDocument(
      mealsProjection,
      recorded<MealEvent>([
        created,
        entry('a', 100, 10),
        { type: 'MealDeleted', data: { mealId: 'm1', deletedAt: at } },
        { type: 'MealCreated', data: { ...created.data, createdAt: later } } as MealEvent,
        entry('b', 50, 2),
      ]),
    );
    assert.deepEqual(
      { entries: meal?.entries.map((e) => e.id), calories: meal?.calories, created_at: meal?.created_at },
      { entries: ['b'], calories: 50, created_at: later },
    );
  });
});
