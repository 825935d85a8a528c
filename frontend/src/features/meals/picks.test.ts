import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { changeUnit, firstAmount, pickEntry, pickNutrients, picksTotal, servingLabel } from './picks.ts';
import type { Food } from './types.ts';

const food = (serving: Food['serving'], kcal = 100): Food => ({
  id: `food-${kcal}`,
  name: 'Milk',
  category: 'dairy',
  per_100g: { kcal, protein: 3.4, carbs: 4.8, fat: 1.5 },
  serving,
  is_custom: false,
});
const glass = food({ grams: 250, name: '1 glass (250 ml)' }, 46);
const rice = food(null, 130);

describe('what a food is picked with', () => {
  it('is one serving, else 100 g (3.5 oz in imperial)', () => {
    assert.deepEqual(firstAmount(glass, 'metric'), { food: glass, amount: '1', unit: 'serving' });
    assert.deepEqual(firstAmount(rice, 'metric'), { food: rice, amount: '100', unit: 'g' });
    assert.deepEqual(firstAmount(rice, 'imperial'), { food: rice, amount: '3.5', unit: 'oz' });
  });

  it('is what was logged last, in servings when it makes whole or half ones', () => {
    assert.deepEqual(firstAmount(glass, 'metric', 500), { food: glass, amount: '2', unit: 'serving' });
    assert.deepEqual(firstAmount(glass, 'metric', 375), { food: glass, amount: '1.5', unit: 'serving' });
    assert.deepEqual(firstAmount(glass, 'metric', 300), { food: glass, amount: '300', unit: 'g' });
    assert.deepEqual(firstAmount(rice, 'metric', 180), { food: rice, amount: '180', unit: 'g' });
    assert.deepEqual(firstAmount(rice, 'imperial', 180), { food: rice, amount: '6.3', unit: 'oz' });
  });
});

describe('a pick counted before it is added', () => {
  it('counts its amount in its unit as the server does', () => {
    assert.deepEqual(pickNutrients({ food: glass, amount: '2', unit: 'serving' }), {
      kcal: 230,
      protein: 17,
      carbs: 24,
      fat: 7.5,
    });
    assert.equal(pickNutrients({ food: rice, amount: '3,5', unit: 'oz' })?.kcal, 129);
    assert.equal(pickNutrients({ food: rice, amount: '١٠٠', unit: 'g' })?.kcal, 130);
  });

  it('counts nothing for an amount the API would refuse, and leaves it out of the total', () => {
    for (const amount of ['', '0', '-1', 'abc', '10001']) {
      assert.equal(pickNutrients({ food: rice, amount, unit: 'g' }), null, amount);
      assert.equal(pickEntry({ food: rice, amount, unit: 'g' }), null, amount);
    }
    const total = picksTotal([
      { food: rice, amount: '200', unit: 'g' },
      { food: glass, amount: '', unit: 'serving' },
      { food: glass, amount: '1', unit: 'serving' },
    ]);
    assert.equal(total.kcal, 260 + 115);
  });

  it('keeps its weight when told in another unit', () => {
    const one = { food: glass, amount: '1', unit: 'serving' as const };
    assert.deepEqual(changeUnit(one, 'g'), { food: glass, amount: '250', unit: 'g' });
    assert.deepEqual(changeUnit(one, 'oz'), { food: glass, amount: '8.8', unit: 'oz' });
    assert.deepEqual(changeUnit({ food: glass, amount: '125', unit: 'g' }, 'serving'), {
      food: glass,
      amount: '0.5',
      unit: 'serving',
    });
    assert.deepEqual(changeUnit({ food: glass, amount: 'x', unit: 'g' }, 'oz'), {
      food: glass,
      amount: 'x',
      unit: 'oz',
    });
  });

  it('is logged as its food, amount and unit', () => {
    assert.deepEqual(pickEntry({ food: glass, amount: '1.5', unit: 'serving' }), {
      food_id: glass.id,
      quantity: 1.5,
      unit: 'serving',
    });
  });
});

describe('serving labels', () => {
  it('say the weight once', () => {
    assert.equal(servingLabel({ name: '1 glass (250 ml)', grams: 250 }, 'metric', 'en'), '1 glass · 250 ml');
    assert.equal(servingLabel({ name: '1 Flasche (0,5 l)', grams: 500 }, 'metric', 'de'), '1 Flasche · 0,5 l');
    assert.equal(servingLabel({ name: 'كوب (250 مل)', grams: 250 }, 'metric', 'ar'), 'كوب · 250 مل');
    assert.equal(servingLabel({ name: '1 cup', grams: 240 }, 'metric', 'en'), '1 cup · 240 g');
    assert.equal(servingLabel({ name: '1 cup', grams: 240 }, 'imperial', 'en'), '1 cup · 8.5 oz');
  });
});
