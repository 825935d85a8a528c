import { MAX_SAVED_MEALS, type SavedMealEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { savedMealsDecider } from './decide.ts';
import { NothingToSave, SavedMealNotFound, TooManySavedMeals } from './errors.ts';

const spec = specification(savedMealsDecider);
const at = '2026-11-21T08:00:00.000Z';
const entries = [
  { foodId: 'oats', foodName: 'Oats', grams: 40, nutrients: { kcal: 152, protein: 5.3, carbs: 27.1, fat: 2.6 } },
];
const created = (savedMealId: string): SavedMealEvent => ({
  type: 'SavedMealCreated',
  data: { savedMealId, userId: 'u1', name: 'Porridge', mealType: 'breakfast', entries, createdAt: at },
});
const save = {
  type: 'SaveMeal',
  userId: 'u1',
  savedMealId: 's1',
  name: 'Porridge',
  mealType: 'breakfast',
  at,
} as const;

describe('saved meals decider', () => {
  it('saves a meal with its entries, and refuses one with nothing in it', () => {
    spec
      .given([])
      .when({ ...save, entries })
      .thenEvents([created('s1')]);
    spec
      .given([])
      .when({ ...save, entries: [] })
      .thenThrows(NothingToSave);
  });
  it(`keeps at most ${MAX_SAVED_MEALS}; deleting one makes room`, () => {
    const full = Array.from({ length: MAX_SAVED_MEALS }, (_, index) => created(`old${index}`));
    spec
      .given(full)
      .when({ ...save, entries })
      .thenThrows(TooManySavedMeals);
    const deleted: SavedMealEvent = {
      type: 'SavedMealDeleted',
      data: { savedMealId: 'old0', userId: 'u1', deletedAt: at },
    };
    spec
      .given([...full, deleted])
      .when({ ...save, entries })
      .thenEvents([created('s1')]);
  });
  it('renames and deletes a saved meal that is there; one that is not is not found', () => {
    const rename = { type: 'RenameSavedMeal', userId: 'u1', savedMealId: 's1', at } as const;
    spec
      .given([created('s1')])
      .when({ ...rename, name: 'Oats' })
      .thenEvents([{ type: 'SavedMealRenamed', data: { savedMealId: 's1', userId: 'u1', name: 'Oats' } }]);
    spec
      .given([created('s1')])
      .when({ ...rename, name: 'Porridge' })
      .thenEvents([]);
    spec
      .given([])
      .when({ ...rename, name: 'Oats' })
      .thenThrows(SavedMealNotFound);
    const remove = { type: 'DeleteSavedMeal', userId: 'u1', savedMealId: 's1', at } as const;
    const deleted: SavedMealEvent = {
      type: 'SavedMealDeleted',
      data: { savedMealId: 's1', userId: 'u1', deletedAt: at },
    };
    spec
      .given([created('s1')])
      .when(remove)
      .thenEvents([deleted]);
    spec
      .given([created('s1'), deleted])
      .when(remove)
      .thenThrows(SavedMealNotFound);
    spec
      .given([created('s1'), deleted])
      .when({ ...rename, name: 'Oats' })
      .thenThrows(SavedMealNotFound);
  });
});
