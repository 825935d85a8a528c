import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { Food, Meal, SavedMeal, WaterDay } from '@fitness/contracts';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { offlineOutbox } from '../../lib/testing/offline-outbox.ts';
import { secondDevices } from '../../lib/testing/second-device.ts';
import type { MealLabels } from './meals-offline.ts';
import { createMeals } from './store.ts';

const labels: MealLabels = {
  meal: (type) => `Opening ${type}`,
  entry: (type, food) => `${food} at ${type}`,
  copyMeal: (type, date) => `${type} copied to ${date}`,
  copyDay: (from, to) => `${from} copied to ${to}`,
  water: (ml) => `Water, ${ml} ml`,
  saveMeal: (name) => `Saving ${name}`,
  deleteSavedMeal: (name) => `Deleting ${name}`,
};

/** What a day's meals hold, entry by entry, to compare the store's with the server's. */
const entriesOf = (meals: readonly Meal[]) =>
  meals.map((meal) => ({
    id: meal.id,
    type: meal.type,
    entries: meal.entries.map(({ id, food_name, quantity, created_at }) => ({ id, food_name, quantity, created_at })),
  }));

/** What each meal adds up to, and each of its entries. */
const caloriesOf = (meals: readonly Meal[]) =>
  meals.map((meal) => [meal.type, meal.calories, meal.entries.map((entry) => [entry.food_name, entry.calories])]);

describe('meals store: written offline', () => {
  const devices = secondDevices();

  async function offlineDevice(online: boolean) {
    const { token, user } = await devices.server.register('Larder');
    const oats = (
      await devices.server.api('POST', '/foods', {
        token,
        body: {
          name: 'Porridge oats',
          category: 'carbs',
          per_100g: { kcal: 379, protein: 13.2, carbs: 67.7, fat: 6.5 },
          serving: { grams: 40, name: 'bowl' },
        },
      })
    ).body as Food;
    const device = await devices.open(token);
    const { outbox, sync, setOnline, close: closeOutbox } = await offlineOutbox(devices, { token, user }, online);
    const meals = createMeals(device.api);
    device.follow(meals);
    const writes = { userId: user.id, outbox, sync, labels };
    await meals.writeOffline(writes);
    meals.show();
    assert.ok(await waitUntil(() => meals.state.loaded, 10_000), 'the day loaded');
    const { date } = meals.state;
    const onServer = async (day = date) => {
      await devices.server.caughtUp();
      const [meals, water] = await Promise.all([
        devices.server.api('GET', `/meals?date=${day}`, { token }),
        devices.server.api('GET', `/water/${day}`, { token }),
      ]);
      return { meals: meals.body.data as Meal[], water: water.body as WaterDay };
    };
    const close = () => {
      void meals.writeOffline(null);
      closeOutbox();
    };
    return { token, oats, meals, date, device, sync, outbox, writes, setOnline, onServer, close };
  }

  it('shows entries and water logged, changed and removed offline at once, and the server has exactly them once sent', async () => {
    const tab = await offlineDevice(false);
    const { meals, oats, date } = tab;
    const requestsBefore = tab.device.requests.length;

    await meals.addEntries('breakfast', [{ food_id: oats.id, quantity: 1, unit: 'serving' }], [oats]);
    await meals.addEntries('breakfast', [
      { name: 'Coffee', calories: 5 },
      { name: 'Toast', calories: 180, protein: 6 },
    ]);
    const breakfast = meals.state.meals[0];
    const [porridge, coffee, toast] = breakfast?.entries ?? [];
    assert.ok(breakfast && porridge && coffee && toast);
    assert.deepEqual([porridge.quantity, porridge.calories], [40, 152], 'a bowl of 40 g, worked out from the food');
    await meals.changeEntry(breakfast.id, porridge.id, { quantity: 80, unit: 'g' });
    await meals.removeEntry(breakfast.id, coffee.id);
    const glass = await meals.logWater(250);
    await meals.logWater(500);
    await meals.removeWater(glass);

    const shown = entriesOf(meals.state.meals);
    assert.deepEqual(
      caloriesOf(meals.state.meals),
      [
        [
          'breakfast',
          304 + 180,
          [
            ['Porridge oats', 304],
            ['Toast', 180],
          ],
        ],
      ],
      'shown at once: twice the oats (scaled from the bowl logged), the coffee gone',
    );
    assert.equal(meals.state.meals[0]?.entries[0]?.quantity, 80);
    assert.deepEqual(
      meals.state.water?.entries.map((entry) => entry.ml),
      [500],
    );
    assert.equal(meals.state.water?.total_ml, 500);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 9), 'counted');
    assert.equal(tab.device.requests.length, requestsBefore, 'nothing sent offline');
    assert.deepEqual((await tab.onServer()).meals, [], 'the server has nothing yet');
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      [
        'Opening breakfast',
        'Porridge oats at breakfast',
        'Coffee at breakfast',
        'Toast at breakfast',
        'Porridge oats at breakfast',
        'Coffee at breakfast',
        'Water, 250 ml',
        'Water, 500 ml',
        'Water, 250 ml',
      ],
      'one meal opened, once',
    );

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0, 10_000), 'sent once online');
    const server = await tab.onServer();
    assert.deepEqual(entriesOf(server.meals), shown, 'the same ids, values and times as shown offline');
    assert.deepEqual(
      server.water.entries.map(({ id, ml, logged_at }) => ({ id, ml, logged_at })),
      meals.state.water?.entries.map(({ id, ml, logged_at }) => ({ id, ml, logged_at })),
      'the water once, at the time it was logged',
    );
    assert.equal(date, server.meals[0]?.date);
    assert.deepEqual(caloriesOf(server.meals), [
      [
        'breakfast',
        303 + 180,
        [
          ['Porridge oats', 303],
          ['Toast', 180],
        ],
      ],
    ]);
    assert.ok(
      await waitUntil(() => JSON.stringify(caloriesOf(meals.state.meals)) === JSON.stringify(caloriesOf(server.meals))),
      "the store shows what the server holds: 80 g worked out from the food's values",
    );
    tab.close();
  });

  it('copies a meal and logs a saved meal offline under the ids the server gives them', async () => {
    const tab = await offlineDevice(true);
    const { meals, token, date } = tab;
    const yesterday = shiftDay(date, -1);
    const before = (await tab.device.api.post<Meal>('/meals', { date: yesterday, type: 'lunch' })) as Meal;
    await tab.device.api.post(`/meals/${before.id}/entries`, { name: 'Soup', calories: 250 });
    await tab.device.api.post(`/meals/${before.id}/entries`, { name: 'Bread', calories: 120 });
    const saved = (
      await devices.server.api('POST', '/saved-meals', { token, body: { meal_id: before.id, name: 'Soup and bread' } })
    ).body as SavedMeal;
    await meals.goTo(yesterday);
    assert.equal(meals.state.meals[0]?.entries.length, 2);

    tab.setOnline(false);
    await meals.copyMeal(before.id, date);
    await meals.goTo(date);
    assert.equal(meals.state.loaded, true);
    await meals.logSavedMeal(saved.id, 'dinner');
    assert.deepEqual(
      caloriesOf(meals.state.meals),
      [
        [
          'lunch',
          370,
          [
            ['Soup', 250],
            ['Bread', 120],
          ],
        ],
        [
          'dinner',
          370,
          [
            ['Soup', 250],
            ['Bread', 120],
          ],
        ],
      ],
      'the copy and the saved meal shown at once',
    );
    const shown = entriesOf(meals.state.meals);

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0, 10_000), 'sent once online');
    assert.deepEqual(entriesOf((await tab.onServer()).meals), shown, 'the same ids and times as shown offline');
    tab.close();
  });

  it('keeps an entry logged into a meal only a queued copy opens when the copy is refused, and beside the copy when it lands', async () => {
    const tab = await offlineDevice(true);
    const { meals, date } = tab;
    const yesterday = shiftDay(date, -1);
    const source = async (type: 'breakfast' | 'lunch', name: string) => {
      const meal = (await tab.device.api.post<Meal>('/meals', { date: yesterday, type })) as Meal;
      const entry = (await tab.device.api.post(`/meals/${meal.id}/entries`, { name, calories: 250 })) as { id: string };
      return { meal, entry };
    };
    const eggs = await source('breakfast', 'Eggs');
    const soup = await source('lunch', 'Soup');
    await meals.goTo(yesterday);
    assert.equal(meals.state.meals.length, 2);

    tab.setOnline(false);
    await meals.copyMeal(eggs.meal.id, date);
    await meals.copyMeal(soup.meal.id, date);
    await meals.goTo(date);
    await meals.addEntries('breakfast', [{ name: 'Coffee', calories: 5 }]);
    await meals.addEntries('lunch', [{ name: 'Tea', calories: 2 }]);
    assert.deepEqual(
      meals.state.meals.map((meal) => [meal.type, meal.entries.map((entry) => entry.food_name)]),
      [
        ['breakfast', ['Eggs', 'Coffee']],
        ['lunch', ['Soup', 'Tea']],
      ],
      'the copies and the entries shown at once',
    );
    const coffee = meals.state.meals[0]?.entries[1];
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      [
        `breakfast copied to ${date}`,
        `lunch copied to ${date}`,
        'Opening breakfast',
        'Coffee at breakfast',
        'Opening lunch',
        'Tea at lunch',
      ],
      'each entry opens its meal itself: the server has neither meal, whatever the copies will do',
    );
    // Another device empties yesterday's breakfast meanwhile: its copy will have nothing to copy.
    await tab.device.api.delete(`/meals/${eggs.meal.id}/entries/${eggs.entry.id}`);

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0, 10_000), 'sent once online');
    assert.deepEqual(
      tab.sync.state.notKept.map((refused) => [refused.label, refused.status]),
      [[`breakfast copied to ${date}`, 422]],
      "the breakfast's copy alone is not kept; the lunch opened again after its copy changes nothing",
    );
    const server = await tab.onServer();
    assert.deepEqual(
      server.meals.map((meal) => [meal.type, meal.entries.map((entry) => entry.food_name)]),
      [
        ['breakfast', ['Coffee']],
        ['lunch', ['Soup', 'Tea']],
      ],
      "the user's own coffee is kept",
    );
    assert.equal(server.meals[0]?.entries[0]?.id, coffee?.id, 'under the id shown offline');
    assert.ok(
      await waitUntil(() => meals.state.meals[0]?.entries.map((entry) => entry.food_name).join() === 'Coffee'),
      'the store shows what the server holds',
    );
    tab.close();
  });

  it('keeps a meal as a saved meal offline, logs it and deletes another, under the ids the server gives them', async () => {
    const tab = await offlineDevice(true);
    const { meals, token } = tab;
    await meals.addEntries('breakfast', [
      { name: 'Porridge', calories: 300, protein: 10 },
      { name: 'Coffee', calories: 5 },
    ]);
    const breakfast = meals.state.meals[0];
    assert.ok(breakfast);
    const old = (
      await devices.server.api('POST', '/saved-meals', { token, body: { meal_id: breakfast.id, name: 'Old' } })
    ).body as SavedMeal;
    const unchoose = meals.showChoices('lunch');
    assert.ok(await waitUntil(() => meals.state.saved.items.length === 1, 10_000), 'the saved meals loaded');

    tab.setOnline(false);
    const saved = await meals.saveMeal(breakfast.id, 'Usual breakfast');
    assert.deepEqual(
      meals.state.saved.items.map((meal) => [meal.name, meal.calories, meal.entries.map((entry) => entry.food_name)]),
      [
        ['Usual breakfast', 305, ['Porridge', 'Coffee']],
        ['Old', 305, ['Porridge', 'Coffee']],
      ],
      'shown at once, newest first',
    );
    await meals.logSavedMeal(saved.id, 'lunch');
    await meals.deleteSavedMeal(old.id);
    assert.deepEqual(
      meals.state.saved.items.map((meal) => meal.name),
      ['Usual breakfast'],
    );
    assert.deepEqual(
      meals.state.meals.map((meal) => [meal.type, meal.entries.map((entry) => entry.food_name)]),
      [
        ['breakfast', ['Porridge', 'Coffee']],
        ['lunch', ['Porridge', 'Coffee']],
      ],
    );
    const shown = entriesOf(meals.state.meals);
    assert.deepEqual(
      (await tab.outbox.waiting()).map((command) => command.label),
      ['Saving Usual breakfast', 'Usual breakfast at lunch', 'Deleting Old'],
    );

    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0, 10_000), 'sent once online');
    assert.deepEqual(tab.sync.state.notKept, []);
    assert.deepEqual(entriesOf((await tab.onServer()).meals), shown, 'logged under the ids shown offline');
    const onServer = (await devices.server.api('GET', '/saved-meals', { token })).body.data as SavedMeal[];
    assert.deepEqual(
      onServer.map((meal) => [meal.id, meal.name]),
      [[saved.id, 'Usual breakfast']],
    );
    unchoose();
    tab.close();
  });

  it('writes online as before when nothing waits', async () => {
    const tab = await offlineDevice(true);
    await tab.meals.logWater(300);
    assert.ok(tab.device.requests.includes(`POST /api/v1/water/${tab.date}`), 'sent by the API client');
    assert.equal(tab.sync.state.waiting, 0);
    tab.close();
  });

  it('refuses a change to an entry deleted on another device, by name, and sends the water queued after it', async () => {
    const tab = await offlineDevice(true);
    const { meals } = tab;
    await meals.addEntries('lunch', [{ name: 'Salad', calories: 320 }]);
    const lunch = meals.state.meals[0];
    const salad = lunch?.entries[0];
    assert.ok(lunch && salad);

    tab.setOnline(false);
    // Deleted on another device meanwhile.
    await tab.device.api.delete(`/meals/${lunch.id}/entries/${salad.id}`);
    await meals.changeEntry(lunch.id, salad.id, { calories: 400 });
    await meals.logWater(250);
    assert.equal(meals.state.water?.total_ml, 250);
    tab.setOnline(true);
    assert.ok(await waitUntil(() => tab.sync.state.waiting === 0 && tab.sync.state.notKept.length === 1, 10_000));
    const [refused] = tab.sync.state.notKept;
    assert.deepEqual([refused?.label, refused?.status], ['Salad at lunch', 404]);
    const server = await tab.onServer();
    assert.deepEqual(
      server.water.entries.map((entry) => entry.ml),
      [250],
      'the water queued after it landed',
    );
    assert.ok(
      await waitUntil(() => meals.state.meals[0]?.entries.length === 0 && meals.state.water?.total_ml === 250),
      'the store shows what the server holds',
    );
    tab.close();
  });

  it('shows what waits on top of the day as the server answers it, in a tab opened anew', async () => {
    const tab = await offlineDevice(false);
    await tab.meals.addEntries('snacks', [{ name: 'Apple', calories: 80 }]);
    await tab.meals.logWater(250);
    // A reload: a new store, whose day is answered without what waits (the app's read cache answers it offline).
    const reloaded = createMeals(tab.device.api);
    await reloaded.writeOffline(tab.writes);
    reloaded.show();
    assert.ok(await waitUntil(() => reloaded.state.loaded, 10_000));
    assert.deepEqual(
      reloaded.state.meals.map((meal) => meal.entries.map((entry) => entry.food_name)),
      [['Apple']],
    );
    assert.equal(reloaded.state.water?.total_ml, 250);
    await reloaded.writeOffline(null);
    assert.deepEqual(reloaded.state.meals, [], "without the outbox, the server's day alone");
    tab.close();
  });
});
