import assert from 'node:assert/strict';
import type { RecordedEvent, SavedMealEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { savedMealsProjection } from './saved-meals-projection.ts';

const at = '2026-11-21T10:00:00.000Z';
const recorded = (events: SavedMealEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: `e${index}`,
    streamId: 'saved-meals-u1',
    revision: index,
    position: index + 1,
    recordedAt: at,
    metadata: { actorId: 'u1', commandId: `c${index}`, correlationId: 'r', timestamp: at, schemaVersion: 1 },
  }));

const saved: SavedMealEvent = {
  type: 'SavedMealCreated',
  data: {
    savedMealId: 's1',
    userId: 'u1',
    name: 'Porridge',
    mealType: 'breakfast',
    entries: [
      { foodId: 'oats', foodName: 'Oats', grams: 40, nutrients: { kcal: 152, protein: 5.3, carbs: 27.1, fat: 2.6 } },
      { foodId: null, foodName: 'Coffee', grams: null, nutrients: { kcal: 2, protein: 0.1, carbs: 0, fat: 0 } },
    ],
    createdAt: at,
  },
};

describe('saved meals projection', () => {
  it('keeps a saved meal as the API shows it, with its totals, owned by its user', () => {
    assert.deepEqual(foldDocument(savedMealsProjection, recorded([saved])), {
      id: 's1',
      user_id: 'u1',
      name: 'Porridge',
      type: 'breakfast',
      entries: [
        { food_id: 'oats', food_name: 'Oats', quantity: 40, calories: 152, protein: 5.3, carbs: 27.1, fat: 2.6 },
        { food_id: null, food_name: 'Coffee', quantity: null, calories: 2, protein: 0.1, carbs: 0, fat: 0 },
      ],
      calories: 154,
      protein: 5.4,
      carbs: 27.1,
      fat: 2.6,
      created_at: at,
    });
  });
  it('renames it, and forgets it once deleted', () => {
    const renamed: SavedMealEvent = {
      type: 'SavedMealRenamed',
      data: { savedMealId: 's1', userId: 'u1', name: 'Oats' },
    };
    assert.equal(foldDocument(savedMealsProjection, recorded([saved, renamed]))?.name, 'Oats');
    const deleted: SavedMealEvent = {
      type: 'SavedMealDeleted',
      data: { savedMealId: 's1', userId: 'u1', deletedAt: at },
    };
    assert.equal(foldDocument(savedMealsProjection, recorded([saved, renamed, deleted])), null);
  });
});
