import assert from 'node:assert/strict';
import type { Meal, SavedMeal, WaterDay } from '@fitness/contracts';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { ownWrites } from '@fitness/gateway/testing/api-client.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createMeals } from './store.ts';

/**
 * How the meals store applies a pushed change, handed to it as the live channel hands it over:
 * the documents are the API's own (written through the server, read back), and the store, which
 * loaded the day before they were written, asks for nothing while it applies them.
 */
describe('meals store: a pushed change applied', () => {
  const devices = secondDevices();

  async function shownDay() {
    const user = await devices.server.register('Robin');
    const device = await devices.open(user.token);
    const meals = createMeals(device.api);
    meals.show();
    assert.ok(await waitUntil(() => meals.state.loaded, 10_000), 'the day loaded');
    device.requests.length = 0;
    const own = ownWrites(devices.server.api, user.token);
    const write = <T>(method: string, url: string, body?: unknown): Promise<T> => own.call(method, url, body);
    const mealsOf = async (date: string) =>
      (await devices.server.api('GET', `/meals?date=${date}`, { token: user.token })).body.data as Meal[];
    return { userId: user.user.id, device, meals, state: meals.state, write, mealsOf };
  }

  it('puts a meal of the day in its place, leaves another day alone, patches and removes one', async () => {
    const { userId, device, meals, state, write, mealsOf } = await shownDay();
    const { date } = state;
    const lunch = await write<Meal>('POST', '/meals', { date, type: 'lunch' });
    const breakfast = await write<Meal>('POST', '/meals', { date, type: 'breakfast' });
    const [breakfastNow, lunchNow] = await mealsOf(date);
    const upsert = (meal: Meal | undefined, position: number) =>
      aNotice(meal?.id ?? '', position, { model: 'meals', userId, document: meal });

    await meals.applyChange(upsert(lunchNow, 10));
    await meals.applyChange(upsert(breakfastNow, 11));
    assert.deepEqual(
      state.meals.map(({ id }) => id),
      [breakfast.id, lunch.id],
      'in the order of the day',
    );
    await meals.applyChange(upsert(breakfastNow, 11));
    assert.equal(state.meals.length, 2, 'the same notice twice puts it in once');

    const yesterday = shiftDay(date, -1);
    await write('POST', '/meals', { date: yesterday, type: 'dinner' });
    const [otherDay] = await mealsOf(yesterday);
    await meals.applyChange(upsert(otherDay, 12));
    assert.deepEqual(
      state.meals.map(({ id }) => id),
      [breakfast.id, lunch.id],
      "another day's meal is not shown",
    );

    await meals.applyChange(
      aNotice(lunch.id, 13, {
        model: 'meals',
        userId,
        changes: [{ op: 'set', path: ['calories'], value: 250 }],
      }),
    );
    assert.equal(state.meals[1]?.calories, 250, 'a change to a held meal is applied');
    await meals.applyChange(aNotice(breakfast.id, 14, { model: 'meals', userId, op: 'delete' }));
    assert.deepEqual(
      state.meals.map(({ id }) => id),
      [lunch.id],
    );
    assert.deepEqual(device.requests, [], 'nothing was read');
  });

  it("takes the day's water, and only that day's, keeping the profile's target", async () => {
    const { userId, device, meals, state, write } = await shownDay();
    const { date } = state;
    const target = state.water?.target_ml;
    await write('POST', `/water/${date}`, { ml: 300 });
    const day = await write<WaterDay>('GET', `/water/${date}`);
    assert.equal(day.total_ml, 300);

    await meals.applyChange(aNotice(`${userId}:${date}`, 10, { model: 'water', userId, document: day }));
    assert.equal(state.water?.total_ml, 300);
    assert.equal(state.water?.entries.length, 1);
    assert.equal(state.water?.target_ml, target, "the profile's target stays");

    await meals.applyChange(
      aNotice(`${userId}:${shiftDay(date, -1)}`, 11, { model: 'water', userId, document: { ...day, total_ml: 900 } }),
    );
    assert.equal(state.water?.total_ml, 300, "another day's water is not this day's");

    await meals.applyChange(
      aNotice(`${userId}:${date}`, 12, {
        model: 'water',
        userId,
        changes: [{ op: 'set', path: ['total_ml'], value: 500 }],
      }),
    );
    assert.equal(state.water?.total_ml, 500, 'a change applied');
    await meals.applyChange(aNotice(`${userId}:${date}`, 13, { model: 'water', userId, op: 'delete' }));
    assert.deepEqual([state.water?.total_ml, state.water?.entries.length], [0, 0], 'the day emptied');
    assert.deepEqual(device.requests, [], 'nothing was read');
  });

  it('keeps the saved meals newest first as they are pushed, and drops a deleted one', async () => {
    const { userId, device, meals, state, write } = await shownDay();
    const hide = meals.showChoices('lunch');
    assert.ok(await waitUntil(() => state.saved.loaded, 10_000), 'the saved meals loaded');
    device.requests.length = 0;
    const meal = await write<Meal>('POST', '/meals', { date: state.date, type: 'lunch' });
    await write('POST', `/meals/${meal.id}/entries`, { name: 'Soup', calories: 250 });
    const older = await write<SavedMeal>('POST', '/saved-meals', { meal_id: meal.id, name: 'Soup lunch' });
    const newer = await write<SavedMeal>('POST', '/saved-meals', { meal_id: meal.id, name: 'Soup again' });
    const saved = (document: SavedMeal, position: number) =>
      aNotice(document.id, position, { model: 'saved_meals', userId, document });

    await meals.applyChange(saved(older, 10));
    await meals.applyChange(saved(newer, 11));
    await meals.applyChange(saved(older, 10));
    assert.deepEqual(
      state.saved.items.map(({ name }) => name),
      ['Soup again', 'Soup lunch'],
      'newest first, a repeated notice once',
    );
    await meals.applyChange(aNotice(newer.id, 12, { model: 'saved_meals', userId, op: 'delete' }));
    assert.deepEqual(
      state.saved.items.map(({ name }) => name),
      ['Soup lunch'],
    );
    assert.deepEqual(device.requests, [], 'nothing was read');
    hide();
  });

  it('reads the day again for a change it cannot apply, and the recent foods for a food logged', async () => {
    const { userId, device, meals, state } = await shownDay();
    const hide = meals.showChoices('lunch');
    assert.ok(await waitUntil(() => state.saved.loaded, 10_000));
    assert.ok(await waitUntil(() => device.requests.includes('GET /api/v1/foods/recent')));
    device.requests.length = 0;
    await meals.applyChange(aNotice(`${userId}:${state.date}`, 10, { model: 'water', userId }));
    await meals.applyChange(aNotice('food', 11, { model: 'logged_foods', userId }));
    assert.deepEqual(device.requests.sort(), [
      'GET /api/v1/foods/recent',
      'GET /api/v1/meals',
      `GET /api/v1/nutrition/targets`,
      `GET /api/v1/water/${state.date}`,
    ]);
    hide();
  });
});
