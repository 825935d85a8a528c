import assert from 'node:assert/strict';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createMeals } from './store.ts';

describe('meals store: the day shown follows another device', () => {
  const devices = secondDevices();

  it('shows meals, entries and water logged elsewhere, and an entry removed there', async () => {
    const { token } = await devices.server.register('Robin');
    const device = await devices.open(token);
    const meals = createMeals(device.api);
    device.follow(meals);
    meals.show();
    const { state } = meals;
    assert.ok(await waitUntil(() => state.loaded, 10_000), 'the day loaded');
    const date = state.date;

    const lunch = (await devices.server.api('POST', '/meals', { token, body: { date, type: 'lunch' } })).body;
    const soup = await devices.server.api('POST', `/meals/${lunch.id}/entries`, {
      token,
      body: { name: 'Soup', calories: 250 },
    });
    assert.equal(soup.status, 201);
    const breakfast = (await devices.server.api('POST', '/meals', { token, body: { date, type: 'breakfast' } })).body;
    await devices.server.api('POST', `/water/${date}`, { token, body: { ml: 300 } });
    await devices.server.api('POST', `/water/${date}`, { token, body: { ml: 200 } });
    const shown = () =>
      state.meals.map(({ id, calories, entries }) => ({ id, calories, entries: entries.map(({ id }) => id) }));
    assert.ok(
      await waitUntil(() => state.water?.total_ml === 500 && shown().length === 2, 10_000),
      'the meals and the water shown',
    );
    assert.ok(await waitUntil(() => shown()[1]?.calories === 250, 10_000), 'the entry counted in its meal');
    assert.deepEqual(shown(), [
      { id: breakfast.id, calories: 0, entries: [] },
      { id: lunch.id, calories: 250, entries: [soup.body.id] },
    ]);
    assert.equal(state.water?.entries.length, 2);
    assert.ok((state.water?.target_ml ?? 0) > 0, "the profile's target stays");

    await devices.server.api('DELETE', `/meals/${lunch.id}/entries/${soup.body.id}`, { token });
    assert.ok(await waitUntil(() => shown()[1]?.entries.length === 0 && shown()[1]?.calories === 0, 10_000));
    await device.settled();
  });

  it("keeps the add dialog's recent foods and saved meals as another device changes them", async () => {
    const { token } = await devices.server.register('Sam');
    const device = await devices.open(token);
    const meals = createMeals(device.api);
    device.follow(meals);
    const hideDay = meals.show();
    const { state } = meals;
    assert.ok(await waitUntil(() => state.loaded, 10_000), 'the day loaded');
    const hide = meals.showChoices('breakfast');
    assert.ok(await waitUntil(() => state.saved.loaded, 10_000), 'the saved meals loaded');
    assert.deepEqual([state.recent.items.length, state.saved.items.length], [0, 0]);

    const [banana] = (await devices.server.api('GET', '/foods?search=banana&per_page=1', { token })).body.data;
    const breakfast = (
      await devices.server.api('POST', '/meals', { token, body: { date: state.date, type: 'breakfast' } })
    ).body;
    await devices.server.api('POST', `/meals/${breakfast.id}/entries`, {
      token,
      body: { food_id: banana.id, quantity: 130, unit: 'g' },
    });
    assert.ok(
      await waitUntil(() => state.recent.items.some((item) => item.food.id === banana.id), 10_000),
      'the food logged there is a recent food here',
    );
    assert.equal(state.recent.items[0]?.quantity, 130);

    const saved = await devices.server.api('POST', '/saved-meals', {
      token,
      body: { meal_id: breakfast.id, name: 'Banana breakfast' },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.ok(
      await waitUntil(() => state.saved.items[0]?.name === 'Banana breakfast', 10_000),
      'saved there, shown here',
    );
    await devices.server.api('DELETE', `/saved-meals/${saved.body.id}`, { token });
    assert.ok(await waitUntil(() => state.saved.items.length === 0, 10_000), 'deleted there, gone here');
    hide();
    hideDay();
    await device.settled();
  });
});
