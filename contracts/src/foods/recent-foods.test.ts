import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { MealType } from '../meals/events.ts';
import { type FoodLogsAtMeal, type LoggedFoodDocument, recentFoodsOrder } from './recent-foods.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 8)).toISOString();
const logged = (foodId: string, mealTypes: Partial<Record<MealType, FoodLogsAtMeal>>): LoggedFoodDocument => ({
  id: `food:u1:${foodId}`,
  user_id: 'u1',
  kind: 'food',
  food_id: foodId,
  meal_types: mealTypes,
});
const at = (count: number, quantity: number, when: string): FoodLogsAtMeal => ({
  count,
  quantity,
  last_logged_at: when,
});

describe('recent foods order', () => {
  const oats = logged('oats', { breakfast: at(3, 40, day(1)), dinner: at(1, 80, day(2)) });
  const milk = logged('milk', { breakfast: at(1, 258, day(3)) });
  const chicken = logged('chicken', { dinner: at(6, 150, day(3)) });

  it("offers the meal type's foods first, then the others, with the grams logged last at it", () => {
    assert.deepEqual(recentFoodsOrder([chicken, milk, oats], 'breakfast'), [
      { food_id: 'oats', quantity: 40, count: 4, last_logged_at: day(2) },
      { food_id: 'milk', quantity: 258, count: 1, last_logged_at: day(3) },
      { food_id: 'chicken', quantity: 150, count: 6, last_logged_at: day(3) },
    ]);
    assert.deepEqual(
      recentFoodsOrder([chicken, milk, oats], 'dinner').map((food) => [food.food_id, food.quantity]),
      [
        ['chicken', 150],
        ['oats', 80],
        ['milk', 258],
      ],
    );
    assert.deepEqual(
      recentFoodsOrder([milk, oats, chicken], undefined).map((food) => food.food_id),
      ['chicken', 'oats', 'milk'],
    );
  });

  it('weighs how lately against how often: four times four weeks ago is once today', () => {
    const often = logged('often', { lunch: at(8, 100, day(1)) });
    const lately = logged('lately', { lunch: at(1, 100, day(29)) });
    assert.deepEqual(
      recentFoodsOrder([often, lately], 'lunch').map((food) => food.food_id),
      ['often', 'lately'],
    );
    const older = logged('older', { lunch: at(4, 100, day(1)) });
    const newer = logged('newer', { lunch: at(1, 100, day(30)) });
    assert.deepEqual(
      recentFoodsOrder([older, newer], 'lunch').map((food) => food.food_id),
      ['newer', 'older'],
    );
  });

  it('lists at most the limit', () => {
    const many = Array.from({ length: 30 }, (_, index) => logged(`food-${index}`, { snacks: at(1, 10, day(1)) }));
    assert.equal(recentFoodsOrder(many, 'snacks').length, 20);
    assert.equal(recentFoodsOrder(many, 'snacks', 5).length, 5);
  });
});
