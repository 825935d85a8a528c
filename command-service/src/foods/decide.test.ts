import type { FoodEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { foodDecider } from './decide.ts';
import { FoodNotFound } from './errors.ts';

const spec = specification(foodDecider);
const at = '2026-11-21T08:00:00.000Z';
const nutrients = { kcal: 152, protein: 5.3, carbs: 27.1, fat: 2.6 };
const granola = { category: 'carbs' as const, name: 'Granola', per100g: nutrients, serving: null };
const createdFood: FoodEvent = {
  type: 'CustomFoodCreated',
  data: { foodId: 'f1', userId: 'u1', ...granola, createdAt: at },
};

describe('food decider', () => {
  it('creates a custom food for its user', () => {
    spec
      .given([])
      .when({ type: 'CreateCustomFood', foodId: 'f1', userId: 'u1', at, ...granola })
      .thenEvents([createdFood]);
  });
  it('lets only the creator delete a custom food', () => {
    spec
      .given([createdFood])
      .when({ type: 'DeleteCustomFood', foodId: 'f1', userId: 'u2', at })
      .thenThrows(FoodNotFound);
    spec
      .given([createdFood])
      .when({ type: 'DeleteCustomFood', foodId: 'f1', userId: 'u1', at })
      .thenEvents([{ type: 'CustomFoodDeleted', data: { foodId: 'f1', userId: 'u1', deletedAt: at } }]);
  });
  it("lets nobody delete the library's foods", () => {
    const oats = {
      category: 'carbs' as const,
      name: { en: 'Oats', de: 'Haferflocken', ar: 'شوفان' },
      per100g: nutrients,
      serving: null,
    };
    spec
      .given([{ type: 'SystemFoodDefined', data: { foodId: 'oats', ...oats, definedAt: at } }])
      .when({ type: 'DeleteCustomFood', foodId: 'oats', userId: 'u1', at })
      .thenThrows(FoodNotFound);
  });
});
