import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Entry = { id: string; food_id: string | null; food_name: string; quantity: number | null; calories: number };
type Meal = { id: string; date: string; type: string; name: string; calories: number; entries: Entry[] };

/** An entry as logged, without what makes it this entry (its id, when it was added). */
const logged = ({ id: _id, created_at: _at, ...entry }: Entry & { created_at?: string }) => entry;

/**
 * Copying a meal or a day (POST /meals/{id}/copy, POST /meals/copy-day): the entries logged
 * again as they were, into the meal of that day and type, opened if there is none; the day's
 * totals count them.
 */
describe('copying meals and days', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<TestServer['register']>>;
  let me: ReturnType<typeof ownWrites>;
  let oats: { id: string };
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.register('Copier');
    me = ownWrites(server.api, user.token);
    const found = await server.api('GET', '/foods?search=oat&per_page=1', { token: user.token });
    oats = found.body.data[0];
    assert.ok(oats, 'the library has oats');
  });
  afterAll(async () => {
    await server.close();
  });

  /** A breakfast of oats and a quick-add coffee on `date`. */
  async function breakfastOn(date: string): Promise<Meal> {
    const meal = await me.call('POST', '/meals', { date, type: 'breakfast' });
    await me.call('POST', `/meals/${meal.id}/entries`, { food_id: oats.id, quantity: 40 });
    await me.call('POST', `/meals/${meal.id}/entries`, { name: 'Coffee', calories: 35, fat: 1.5, quantity: 200 });
    return (await me.read(`/meals/${meal.id}`)).body;
  }

  const mealsOn = async (date: string, token = user.token) =>
    (await server.api('GET', `/meals?date=${date}`, { token, headers: { 'x-min-position': String(me.position()) } }))
      .body.data as Meal[];

  it('copies a meal to another day, into no meal yet: the meal is opened with the entries as logged', async () => {
    const source = await breakfastOn('2026-03-01');
    const copied = await server.api('POST', `/meals/${source.id}/copy`, {
      token: user.token,
      body: { date: '2026-03-02' },
    });
    assert.equal(copied.status, 201, JSON.stringify(copied.body));
    assert.deepEqual([copied.body.date, copied.body.type, copied.body.name], ['2026-03-02', 'breakfast', 'Breakfast']);
    assert.notEqual(copied.body.id, source.id);
    assert.deepEqual(copied.body.entries.map(logged), source.entries.map(logged));
    assert.equal(copied.body.calories, source.calories);
    const ids = new Set([...source.entries, ...copied.body.entries].map((entry: Entry) => entry.id));
    assert.equal(ids.size, 4, 'the copies are entries of their own');

    const [stored] = await mealsOn('2026-03-02');
    assert.deepEqual(stored, copied.body, 'the meals read model holds what the copy answered');
    const [left] = await mealsOn('2026-03-01');
    assert.deepEqual(left, source, 'the source meal is as it was');
  });

  it("copies into the day's meal of another type that has entries already, and to today", async () => {
    const source = await breakfastOn('2026-03-05');
    const lunch = await me.call('POST', '/meals', { date: '2026-03-06', type: 'lunch' });
    await me.call('POST', `/meals/${lunch.id}/entries`, { name: 'Bread', calories: 120, carbs: 22 });
    const copied = await server.api('POST', `/meals/${source.id}/copy`, {
      token: user.token,
      body: { date: '2026-03-06', type: 'lunch' },
    });
    assert.equal(copied.status, 201, JSON.stringify(copied.body));
    assert.equal(copied.body.id, lunch.id, 'the open lunch, not a second one');
    assert.deepEqual(
      copied.body.entries.map((entry: Entry) => entry.food_name),
      ['Bread', ...source.entries.map((entry) => entry.food_name)],
    );
    assert.equal(copied.body.calories, 120 + source.calories);

    const today = new Date().toISOString().slice(0, 10);
    const toToday = await server.api('POST', `/meals/${source.id}/copy`, { token: user.token, body: { date: today } });
    assert.equal(toToday.status, 201, JSON.stringify(toToday.body));
    assert.deepEqual([toToday.body.date, toToday.body.type], [today, 'breakfast']);
    const metrics = await server.api('GET', `/metrics/today?date=${today}`, {
      token: user.token,
      headers: { 'x-min-position': toToday.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(metrics.status, 200, JSON.stringify(metrics.body));
    assert.equal(metrics.body.calories.consumed, source.calories, "today's totals count the copied entries");
  });

  it('copies a whole day, each meal into the same type on the other day; the totals follow', async () => {
    await breakfastOn('2026-04-01');
    const dinner = await me.call('POST', '/meals', { date: '2026-04-01', type: 'dinner' });
    await me.call('POST', `/meals/${dinner.id}/entries`, { name: 'Pasta', calories: 650, carbs: 90, protein: 20 });
    // An empty meal of the day has nothing to copy, and is not opened on the other day.
    await me.call('POST', '/meals', { date: '2026-04-01', type: 'lunch' });
    const snack = await me.call('POST', '/meals', { date: '2026-04-02', type: 'snacks' });
    const apple = await me.call('POST', `/meals/${snack.id}/entries`, { name: 'Apple', calories: 80 });

    const copied = await server.api('POST', '/meals/copy-day', {
      token: user.token,
      body: { from: '2026-04-01', to: '2026-04-02' },
    });
    assert.equal(copied.status, 201, JSON.stringify(copied.body));
    assert.deepEqual(
      copied.body.data.map((meal: Meal) => [meal.date, meal.type]),
      [
        ['2026-04-02', 'breakfast'],
        ['2026-04-02', 'dinner'],
      ],
    );
    const from = await mealsOn('2026-04-01');
    const position = copied.headers.get('x-event-position') ?? '0';
    const to = (
      await server.api('GET', '/meals?date=2026-04-02', { token: user.token, headers: { 'x-min-position': position } })
    ).body.data as Meal[];
    assert.deepEqual(
      to.map((meal) => [meal.type, meal.entries.map(logged)]),
      [
        ['breakfast', from[0]?.entries.map(logged)],
        ['dinner', from[2]?.entries.map(logged)],
        ['snacks', [logged(apple)]],
      ],
    );
    const metricsOf = async (date: string) =>
      (
        await server.api('GET', `/metrics/today?date=${date}`, {
          token: user.token,
          headers: { 'x-min-position': position },
        })
      ).body.calories.consumed;
    assert.equal(await metricsOf('2026-04-02'), (await metricsOf('2026-04-01')) + 80);
  });

  it('refuses bad bodies, a copy onto itself and an empty day with 422 and field messages, writing nothing', async () => {
    const source = await breakfastOn('2026-05-01');
    const empty = await me.call('POST', '/meals', { date: '2026-05-03', type: 'dinner' });
    const head = await server.eventStore.headPosition();
    const refusals: [string, unknown, string][] = [
      [`/meals/${source.id}/copy`, {}, 'date'],
      [`/meals/${source.id}/copy`, { date: '2026-02-30' }, 'date'],
      [`/meals/${source.id}/copy`, { date: 'tomorrow' }, 'date'],
      [`/meals/${source.id}/copy`, { date: '2026-05-02', type: 'brunch' }, 'type'],
      [`/meals/${source.id}/copy`, { date: '2026-05-02', extra: true }, 'extra'],
      [`/meals/${source.id}/copy`, { date: '2026-05-01' }, 'date'],
      [`/meals/${source.id}/copy`, { date: '2026-05-01', type: 'breakfast' }, 'date'],
      [`/meals/${empty.id}/copy`, { date: '2026-05-02' }, 'id'],
      ['/meals/copy-day', { from: '2026-05-01' }, 'to'],
      ['/meals/copy-day', { from: '2026-05-01', to: '2026-13-01' }, 'to'],
      ['/meals/copy-day', { from: '2026-05-01', to: '2026-05-01' }, 'to'],
      ['/meals/copy-day', { from: '2026-05-04', to: '2026-05-05' }, 'from'],
    ];
    for (const [url, body, field] of refusals) {
      const response = await server.api('POST', url, { token: user.token, body });
      assert.equal(response.status, 422, `${url} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
      assert.ok(response.body.errors?.[field]?.[0], `${url} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    }
    const emptyDay = await server.api('POST', '/meals/copy-day', {
      token: user.token,
      body: { from: '2026-05-04', to: '2026-05-05' },
    });
    assert.equal(emptyDay.body.message, 'Nothing is logged on that day to copy.');
    assert.equal(await server.eventStore.headPosition(), head, 'nothing was written');
  });

  it("answers 404 for another user's meal, and copies only the caller's own day", async () => {
    const source = await breakfastOn('2026-06-01');
    const stranger = await server.register('Stranger');
    const head = await server.eventStore.headPosition();
    for (const id of [source.id, 'not-a-meal', '00000000-0000-4000-8000-000000000000']) {
      const response = await server.api('POST', `/meals/${id}/copy`, {
        token: stranger.token,
        body: { date: '2026-06-02' },
      });
      assert.equal(response.status, 404, `${id}: ${JSON.stringify(response.body)}`);
    }
    const day = await server.api('POST', '/meals/copy-day', {
      token: stranger.token,
      body: { from: '2026-06-01', to: '2026-06-02' },
    });
    assert.equal(day.status, 422, 'their own 2026-06-01 is empty');
    assert.equal(await server.eventStore.headPosition(), head, 'nothing was written');
    assert.deepEqual(await mealsOn('2026-06-02', stranger.token), []);
  });

  it('copies once for a request retried with the same Idempotency-Key', async () => {
    const source = await breakfastOn('2026-07-01');
    const send = (url: string, body: unknown, key: string) =>
      server.api('POST', url, { token: user.token, body, headers: { 'idempotency-key': key } });
    const first = await send(`/meals/${source.id}/copy`, { date: '2026-07-02' }, 'copy-meal-1');
    const again = await send(`/meals/${source.id}/copy`, { date: '2026-07-02' }, 'copy-meal-1');
    assert.deepEqual([first.status, again.status], [201, 201]);
    assert.deepEqual(again.body, first.body, 'the retry answers with what the first attempt made');

    const day = await send('/meals/copy-day', { from: '2026-07-01', to: '2026-07-03' }, 'copy-day-1');
    const dayAgain = await send('/meals/copy-day', { from: '2026-07-01', to: '2026-07-03' }, 'copy-day-1');
    assert.deepEqual(dayAgain.body, day.body);
    const position = dayAgain.headers.get('x-event-position') ?? '0';
    for (const date of ['2026-07-02', '2026-07-03']) {
      const meals = (
        await server.api('GET', `/meals?date=${date}`, { token: user.token, headers: { 'x-min-position': position } })
      ).body.data as Meal[];
      assert.deepEqual(
        meals.map((meal) => meal.entries.length),
        [source.entries.length],
        `${date}: copied once`,
      );
    }
    // Another key is another copy.
    const other = await send(`/meals/${source.id}/copy`, { date: '2026-07-02' }, 'copy-meal-2');
    assert.equal(other.body.entries.length, source.entries.length * 2);
  });
});
