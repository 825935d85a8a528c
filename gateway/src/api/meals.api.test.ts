import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { searchFoods } from '../testing/food-search.ts';
import { startTestServerWithUser, type TestServer } from '../testing/test-server.ts';

type Food = {
  id: string;
  name: string;
  category: string;
  per_100g: { kcal: number; protein: number; carbs: number; fat: number };
  serving: { grams: number; name: string } | null;
};

describe('meals API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startTestServerWithUser());
  });
  afterAll(() => server.close());

  const foods = (query: string, language?: string) => searchFoods<Food>(server, token, query, language);
  const openMeal = async (type: string, date = '2026-11-21', as = token) =>
    server.api('POST', '/meals', { token: as, body: { date, type } });

  it('opens one meal per day and type, and works out entries from the food and the quantity', async () => {
    const created = await openMeal('breakfast');
    assert.equal(created.status, 201);
    const again = await openMeal('breakfast');
    assert.equal(again.status, 200);
    assert.equal(again.body.id, created.body.id);

    const [food] = (await foods('search=oat&per_page=1')).data;
    assert.ok(food, 'the library has oats');
    const entry = await server.api('POST', `/meals/${created.body.id}/entries`, {
      token,
      body: { food_id: food.id, quantity: 40 },
    });
    assert.equal(entry.status, 201, JSON.stringify(entry.body));
    assert.equal(entry.body.quantity, 40);
    assert.equal(entry.body.calories, Math.round(food.per_100g.kcal * 0.4));
    assert.equal(entry.body.protein, Math.round(food.per_100g.protein * 4) / 10);

    const ounces = await server.api('POST', `/meals/${created.body.id}/entries`, {
      token,
      body: { food_id: food.id, quantity: 1, unit: 'oz' },
    });
    assert.equal(ounces.body.quantity, 28.3);
    const quick = await server.api('POST', `/meals/${created.body.id}/entries`, {
      token,
      body: { name: 'Coffee with milk', calories: 35, fat: 1.5 },
    });
    assert.equal(quick.status, 201);
    assert.equal(quick.body.quantity, null);

    const meal = await server.api('GET', `/meals/${created.body.id}`, {
      token,
      headers: { 'x-min-position': quick.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(meal.body.entries.length, 3);
    assert.equal(meal.body.calories, entry.body.calories + ounces.body.calories + 35);
  });

  it("takes the spec's field names: a meal's name, an entry's food_name, a quick-add's quantity", async () => {
    const date = '2026-11-22';
    const named = await server.api('POST', '/meals', {
      token,
      body: { date, type: 'dinner', name: ' Birthday dinner ' },
    });
    assert.equal(named.status, 201, JSON.stringify(named.body));
    assert.equal(named.body.name, 'Birthday dinner');
    const again = await server.api('POST', '/meals', { token, body: { date, type: 'dinner', name: 'Other' } });
    assert.deepEqual([again.status, again.body.name], [200, 'Birthday dinner'], 'the open meal keeps its name');
    const plain = await openMeal('lunch', date);
    assert.equal(plain.body.name, 'Lunch', 'without a name, the type names the meal');

    const entries = `/meals/${named.body.id}/entries`;
    const cake = await server.api('POST', entries, {
      token,
      body: { food_name: 'Cake', quantity: 150, calories: 600, fat: 30 },
    });
    assert.equal(cake.status, 201, JSON.stringify(cake.body));
    assert.deepEqual([cake.body.food_name, cake.body.quantity, cake.body.calories], ['Cake', 150, 600]);
    const both = await server.api('POST', entries, { token, body: { name: 'Tea', food_name: 'Tea', calories: 2 } });
    assert.equal(both.status, 201);
    const differing = await server.api('POST', entries, {
      token,
      body: { name: 'Tea', food_name: 'Coffee', calories: 2 },
    });
    assert.equal(differing.status, 422);
    assert.ok(differing.body.errors.food_name);

    const half = await server.api('PATCH', `${entries}/${cake.body.id}`, { token, body: { quantity: 75 } });
    assert.deepEqual(
      [half.status, half.body.quantity, half.body.calories],
      [200, 75, 300],
      'scaled from what was logged',
    );
    const retyped = await server.api('PATCH', `${entries}/${cake.body.id}`, { token, body: { calories: 350 } });
    assert.deepEqual([retyped.body.quantity, retyped.body.calories], [75, 350], 'the quantity stays');
    const read = await server.api('GET', `/meals/${named.body.id}`, {
      token,
      headers: { 'x-min-position': retyped.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(
      read.body.entries.map((e: { food_name: string; quantity: number | null }) => [e.food_name, e.quantity]),
      [
        ['Cake', 75],
        ['Tea', null],
      ],
    );
    assert.equal(read.body.name, 'Birthday dinner');
  });

  it('keeps meal totals right through edits and removals', async () => {
    const meal = (await openMeal('lunch')).body;
    const [food] = (await foods('category=protein&per_page=1')).data;
    assert.ok(food);
    const a = (
      await server.api('POST', `/meals/${meal.id}/entries`, { token, body: { food_id: food.id, quantity: 100 } })
    ).body;
    const b = (
      await server.api('POST', `/meals/${meal.id}/entries`, {
        token,
        body: { name: 'Bread', calories: 120, carbs: 22 },
      })
    ).body;
    const edited = await server.api('PATCH', `/meals/${meal.id}/entries/${a.id}`, { token, body: { quantity: 200 } });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.calories, Math.round(food.per_100g.kcal * 2));
    const removed = await server.api('DELETE', `/meals/${meal.id}/entries/${b.id}`, { token });
    const read = await server.api('GET', `/meals/${meal.id}`, {
      token,
      headers: { 'x-min-position': removed.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(
      { calories: read.body.calories, protein: read.body.protein, entries: read.body.entries.length },
      { calories: edited.body.calories, protein: edited.body.protein, entries: 1 },
    );
    const listed = await server.api('GET', '/meals?date=2026-11-21', { token });
    assert.deepEqual(
      listed.body.data.map((m: { type: string }) => m.type),
      ['breakfast', 'lunch'],
    );
  });

  it('refuses bad quantities with 422 and stores nothing', async () => {
    const meal = (await openMeal('dinner')).body;
    const [food] = (await foods('per_page=1')).data;
    for (const body of [
      { food_id: food?.id, quantity: 0 },
      { food_id: food?.id, quantity: -5 },
      { food_id: food?.id, quantity: 'lots' },
      { food_id: food?.id, quantity: 10001 },
      { food_id: food?.id },
      { name: 'Mystery' },
      {},
      { food_id: food?.id, quantity: 1, unit: 'cup' },
    ]) {
      const response = await server.api('POST', `/meals/${meal.id}/entries`, { token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
    }
    const unknownFood = await server.api('POST', `/meals/${meal.id}/entries`, {
      token,
      body: { food_id: 'no-such-food', quantity: 10 },
    });
    assert.equal(unknownFood.status, 404);
    const read = await server.api('GET', `/meals/${meal.id}`, { token });
    assert.deepEqual(read.body.entries, []);
  });

  it('creates a deleted meal again for the same day and type: 201, and none of its old entries', async () => {
    const date = '2026-11-25';
    const first = (await openMeal('breakfast', date)).body;
    const entry = await server.api('POST', `/meals/${first.id}/entries`, {
      token,
      body: { name: 'Porridge', calories: 300 },
    });
    assert.equal(entry.status, 201, JSON.stringify(entry.body));
    const deleted = await server.api('DELETE', `/meals/${first.id}`, { token });
    assert.equal(deleted.status, 200);
    assert.equal((await server.api('GET', `/meals/${first.id}`, { token })).status, 404);

    const again = await openMeal('breakfast', date);
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.id, first.id, 'the meal of that day and type');
    assert.deepEqual([again.body.entries, again.body.calories], [[], 0]);
    const headers = { 'x-min-position': again.headers.get('x-event-position') ?? '0' };
    const read = await server.api('GET', `/meals/${first.id}`, { token, headers });
    assert.equal(read.status, 200);
    assert.deepEqual([read.body.entries, read.body.calories], [[], 0]);
    const listed = await server.api('GET', `/meals?date=${date}`, { token, headers });
    assert.deepEqual(
      listed.body.data.map((meal: { id: string; entries: unknown[] }) => [meal.id, meal.entries.length]),
      [[first.id, 0]],
    );

    const logged = await server.api('POST', `/meals/${first.id}/entries`, {
      token,
      body: { name: 'Toast', calories: 150 },
    });
    assert.equal(logged.status, 201);
    const after = await server.api('GET', `/meals/${first.id}`, {
      token,
      headers: { 'x-min-position': logged.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(
      [after.body.entries.map((e: { food_name: string }) => e.food_name), after.body.calories],
      [['Toast'], 150],
    );
  });

  it("answers another user's meal as not found", async () => {
    const meal = (await openMeal('snacks')).body;
    const stranger = (await server.register('Stranger')).token;
    assert.equal((await server.api('GET', `/meals/${meal.id}`, { token: stranger })).status, 404);
    assert.equal(
      (await server.api('POST', `/meals/${meal.id}/entries`, { token: stranger, body: { name: 'x', calories: 1 } }))
        .status,
      404,
    );
    assert.equal((await server.api('DELETE', `/meals/${meal.id}`, { token: stranger })).status, 404);
    const theirs = await server.api('GET', '/meals?date=2026-11-21', { token: stranger });
    assert.deepEqual(theirs.body.data, []);
  });
});
