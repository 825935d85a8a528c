import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { QueuedCommand } from '../../lib/offline/outbox.ts';
import { type MealsAdded, mealsWithQueued, savedWithQueued, thing, waterWithQueued } from './meals-queued.ts';
import type { Meal, SavedMeal, WaterDay } from './types.ts';

const DAY = '2026-11-27';
const AT = '2026-11-27T08:00:00.000+01:00';

let seq = 0;
function command(fields: Partial<QueuedCommand> & Pick<QueuedCommand, 'method' | 'path'>): QueuedCommand {
  seq += 1;
  return { seq, key: `key-${seq}`, actedAt: AT, label: '', touches: [], ...fields };
}

const soup = {
  id: 'soup',
  food_id: null,
  food_name: 'Soup',
  quantity: 300,
  calories: 150,
  protein: 6,
  carbs: 20,
  fat: 4,
};
const lunch: Meal = {
  id: 'lunch',
  date: DAY,
  type: 'lunch',
  name: 'Lunch',
  calories: 150,
  protein: 6,
  carbs: 20,
  fat: 4,
  entries: [{ ...soup, created_at: '2026-11-27T11:00:00.000Z' }],
  created_at: '2026-11-27T11:00:00.000Z',
  updated_at: '2026-11-27T11:00:00.000Z',
};

const logged = (meal: MealsAdded['meals'][number]) =>
  command({ method: 'POST', path: `/meals/${meal.id}/entries`, predicted: { meals: [meal] } satisfies MealsAdded });

describe('meals as they will be once what waits is sent', () => {
  it('opens a meal, logs into it, changes and removes entries, in the order made, with the totals summed', () => {
    const toast = {
      id: 'toast',
      food_id: null,
      food_name: 'Toast',
      quantity: null,
      calories: 180,
      protein: 6,
      carbs: 30,
      fat: 3,
    };
    const meals = mealsWithQueued([lunch], DAY, [
      logged({ id: 'breakfast', date: DAY, type: 'breakfast', entries: [toast] }),
      command({ method: 'PATCH', path: '/meals/lunch/entries/soup', body: { quantity: 450, unit: 'g' } }),
      command({ method: 'PATCH', path: '/meals/breakfast/entries/toast', body: { calories: 200 } }),
      logged({ id: 'lunch', date: DAY, type: 'lunch', entries: [{ ...soup, id: 'bread', food_name: 'Bread' }] }),
      command({ method: 'DELETE', path: '/meals/lunch/entries/bread' }),
    ]);
    assert.deepEqual(
      meals.map((meal) => [meal.type, meal.calories, meal.entries.map((entry) => [entry.food_name, entry.calories])]),
      [
        ['breakfast', 200, [['Toast', 200]]],
        ['lunch', 225, [['Soup', 225]]],
      ],
    );
    assert.equal(meals[0]?.entries[0]?.created_at, '2026-11-27T07:00:00.000Z', 'logged when the user acted');
    assert.equal(meals[1]?.entries[0]?.quantity, 450);
  });

  it('changes nothing twice once the server has a command applied, and leaves other days alone', () => {
    const waiting = [
      logged({ id: 'lunch', date: DAY, type: 'lunch', entries: [soup] }),
      logged({ id: 'dinner', date: '2026-11-28', type: 'dinner', entries: [{ ...soup, id: 'stew' }] }),
      command({ method: 'PATCH', path: '/meals/lunch/entries/soup', body: { calories: 150 } }),
    ];
    assert.deepEqual(mealsWithQueued([lunch], DAY, waiting), [lunch]);
  });

  it('logs and removes water by id, at the time it was logged', () => {
    const water: WaterDay = { date: DAY, entries: [], total_ml: 0, target_ml: 2500 };
    const glass = command({ method: 'POST', path: `/water/${DAY}`, body: { ml: 250 }, creates: thing.water('glass') });
    const bottle = command({
      method: 'POST',
      path: `/water/${DAY}`,
      body: { ml: 500 },
      creates: thing.water('bottle'),
    });
    const shown = waterWithQueued(water, DAY, [glass, bottle, glass]);
    assert.deepEqual(shown?.entries, [
      { id: 'glass', ml: 250, logged_at: '2026-11-27T07:00:00.000Z' },
      { id: 'bottle', ml: 500, logged_at: '2026-11-27T07:00:00.000Z' },
    ]);
    assert.equal(shown?.total_ml, 750);
    const removed = waterWithQueued(shown, DAY, [command({ method: 'DELETE', path: `/water/${DAY}/glass` })]);
    assert.deepEqual([removed?.total_ml, removed?.target_ml], [500, 2500]);
    assert.equal(waterWithQueued(water, '2026-11-28', [glass]), water, "another day's water is not this day's");
  });

  it('keeps saved meals newest first, with those saved and deleted offline', () => {
    const old: SavedMeal = { ...lunch, id: 'old', name: 'Old', entries: [], created_at: '2026-11-01T10:00:00.000Z' };
    const { created_at: _at, ...saved } = { ...old, id: 'new', name: 'New' };
    const shown = savedWithQueued(
      [old],
      [
        command({ method: 'POST', path: '/saved-meals', predicted: { saved } }),
        command({ method: 'DELETE', path: '/saved-meals/old' }),
      ],
    );
    assert.deepEqual(
      shown.map((meal) => [meal.name, meal.created_at]),
      [['New', '2026-11-27T07:00:00.000Z']],
    );
  });
});
