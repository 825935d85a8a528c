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
});
