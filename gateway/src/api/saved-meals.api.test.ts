import assert from 'node:assert/strict';
import { MAX_SAVED_MEALS } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Entry = { id: string; food_id: string | null; food_name: string; quantity: number | null; calories: number };
type Meal = { id: string; date: string; type: string; calories: number; entries: Entry[] };
type SavedMeal = { id: string; name: string; type: string; calories: number; entries: Omit<Entry, 'id'>[] };

/** An entry as a saved meal keeps it: as logged, without its id and time. */
const asSaved = ({ id: _id, created_at: _at, ...entry }: Entry & { created_at?: string }) => entry;

/**
 * Saved meals (POST/GET /saved-meals, PATCH/DELETE /saved-meals/{id}, POST /saved-meals/{id}/log):
 * a meal's entries kept under a name, logged again in one call into any day's meal.
 */
describe('saved meals', () => {
  let server: TestServer;
  let user: Awaited<ReturnType<TestServer['register']>>;
  let me: ReturnType<typeof ownWrites>;
  let dates = 0;
  beforeAll(async () => {
    server = await startTestServer();
    user = await server.register('Meal prepper');
    me = ownWrites(server.api, user.token);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A breakfast on a day of its own, of a food and a quick-add. */
  async function breakfast(): Promise<Meal> {
    dates += 1;
    const date = new Date(Date.UTC(2026, 0, dates)).toISOString().slice(0, 10);
    const [oats] = (await me.read('/foods?search=oat&per_page=1')).body.data;
    const meal = await me.call('POST', '/meals', { date, type: 'breakfast' });
    await me.call('POST', `/meals/${meal.id}/entries`, { food_id: oats.id, quantity: 50 });
    await me.call('POST', `/meals/${meal.id}/entries`, {
      name: 'Orange juice',
      calories: 90,
      carbs: 20,
      quantity: 200,
    });
    return (await me.read(`/meals/${meal.id}`)).body;
  }

  const list = async (token = user.token, position = me.position()) =>
    (await server.api('GET', '/saved-meals', { token, headers: { 'x-min-position': String(position) } })).body
      .data as SavedMeal[];

  it('saves a meal, lists it newest first, renames it, logs it in one call and deletes it', async () => {
    const meal = await breakfast();
    const saved = await server.api('POST', '/saved-meals', { token: user.token, body: { meal_id: meal.id } });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.deepEqual(
      { ...saved.body, id: 'id', created_at: 'at' },
      {
        id: 'id',
        name: 'Breakfast',
        type: 'breakfast',
        entries: meal.entries.map(asSaved),
        calories: meal.calories,
        protein: (meal as Meal & { protein: number }).protein,
        carbs: (meal as Meal & { carbs: number }).carbs,
        fat: (meal as Meal & { fat: number }).fat,
        created_at: 'at',
      },
    );
    const named = await me.call('POST', '/saved-meals', { meal_id: meal.id, name: '  Power breakfast ' });
    assert.equal(named.name, 'Power breakfast');
    assert.deepEqual(
      (await list()).map((each) => each.id),
      [named.id, saved.body.id],
      'newest first',
    );
    assert.deepEqual((await list())[1], saved.body, 'the read model holds what saving answered');

    const renamed = await server.api('PATCH', `/saved-meals/${saved.body.id}`, {
      token: user.token,
      body: { name: 'Usual breakfast' },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body, { ...saved.body, name: 'Usual breakfast' });
    assert.equal((await list(user.token, Number(renamed.headers.get('x-event-position'))))[1]?.name, 'Usual breakfast');

    // Logged in one call into a day with no meal yet, into its own type.
    const logged = await server.api('POST', `/saved-meals/${saved.body.id}/log`, {
      token: user.token,
      body: { date: '2026-09-01' },
    });
    assert.equal(logged.status, 201, JSON.stringify(logged.body));
    assert.deepEqual([logged.body.date, logged.body.type], ['2026-09-01', 'breakfast']);
    assert.deepEqual(logged.body.entries.map(asSaved), saved.body.entries);
    // And into another type, next to what that meal has.
    const dinner = await me.call('POST', '/meals', { date: '2026-09-01', type: 'dinner' });
    await me.call('POST', `/meals/${dinner.id}/entries`, { name: 'Soup', calories: 200 });
    const asDinner = await server.api('POST', `/saved-meals/${saved.body.id}/log`, {
      token: user.token,
      body: { date: '2026-09-01', type: 'dinner' },
    });
    assert.equal(asDinner.status, 201, JSON.stringify(asDinner.body));
    assert.equal(asDinner.body.id, dinner.id);
    assert.equal(asDinner.body.calories, 200 + saved.body.calories);
    const metrics = await server.api('GET', '/metrics/today?date=2026-09-01', {
      token: user.token,
      headers: { 'x-min-position': asDinner.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(metrics.body.calories.consumed, 200 + 2 * saved.body.calories, "the day's totals count it");

    const deleted = await server.api('DELETE', `/saved-meals/${saved.body.id}`, { token: user.token });
    assert.deepEqual([deleted.status, deleted.body.message], [200, 'Saved meal deleted.']);
    assert.deepEqual(
      (await list(user.token, Number(deleted.headers.get('x-event-position')))).map((each) => each.id),
      [named.id],
    );
    for (const [method, url, body] of [
      ['POST', `/saved-meals/${saved.body.id}/log`, { date: '2026-09-02' }],
      ['PATCH', `/saved-meals/${saved.body.id}`, { name: 'Again' }],
      ['DELETE', `/saved-meals/${saved.body.id}`, undefined],
    ] as const) {
      const response = await server.api(method, url, { token: user.token, body });
      assert.equal(response.status, 404, `${method} ${url} after the deletion: ${JSON.stringify(response.body)}`);
    }
    const day = (await me.read('/meals?date=2026-09-01')).body.data as Meal[];
    assert.equal(day[0]?.entries.length, saved.body.entries.length, 'what was logged from it stays');
  });

  it("hides one user's saved meals and meals from another: 404 (or 422 for a meal named in a body)", async () => {
    const meal = await breakfast();
    const saved = await me.call('POST', '/saved-meals', { meal_id: meal.id, name: 'Mine' });
    const stranger = await server.register('Stranger');
    const head = await server.eventStore.headPosition();
    assert.deepEqual(await list(stranger.token, head), []);
    for (const [method, url, body] of [
      ['POST', `/saved-meals/${saved.id}/log`, { date: '2026-09-05' }],
      ['PATCH', `/saved-meals/${saved.id}`, { name: 'Theirs now' }],
      ['DELETE', `/saved-meals/${saved.id}`, undefined],
    ] as const) {
      const response = await server.api(method, url, { token: stranger.token, body });
      assert.equal(response.status, 404, `${method} ${url}: ${JSON.stringify(response.body)}`);
    }
    const theft = await server.api('POST', '/saved-meals', { token: stranger.token, body: { meal_id: meal.id } });
    assert.equal(theft.status, 422, JSON.stringify(theft.body));
    assert.deepEqual(theft.body.errors, { meal_id: ['Choose one of your meals to save.'] });
    assert.equal(await server.eventStore.headPosition(), head, 'nothing was written');
    assert.deepEqual((await list()).find((each) => each.id === saved.id)?.name, 'Mine');
  });

  it('refuses bad bodies and an empty meal with 422 and field messages, writing nothing', async () => {
    const meal = await breakfast();
    const saved = await me.call('POST', '/saved-meals', { meal_id: meal.id });
    const empty = await me.call('POST', '/meals', { date: '2026-10-10', type: 'snacks' });
    const head = await server.eventStore.headPosition();
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/saved-meals', {}, 'meal_id'],
      ['POST', '/saved-meals', { meal_id: '' }, 'meal_id'],
      ['POST', '/saved-meals', { meal_id: meal.id, name: '' }, 'name'],
      ['POST', '/saved-meals', { meal_id: meal.id, name: 'x'.repeat(121) }, 'name'],
      ['POST', '/saved-meals', { meal_id: meal.id, name: 'Two\nlines' }, 'name'],
      ['POST', '/saved-meals', { meal_id: meal.id, colour: 'red' }, 'colour'],
      ['POST', '/saved-meals', { meal_id: empty.id }, 'meal_id'],
      ['POST', '/saved-meals', { meal_id: 'no-such-meal' }, 'meal_id'],
      ['PATCH', `/saved-meals/${saved.id}`, {}, 'name'],
      ['PATCH', `/saved-meals/${saved.id}`, { name: '' }, 'name'],
      ['PATCH', `/saved-meals/${saved.id}`, { name: 5 }, 'name'],
      ['POST', `/saved-meals/${saved.id}/log`, {}, 'date'],
      ['POST', `/saved-meals/${saved.id}/log`, { date: '2026-02-29' }, 'date'],
      ['POST', `/saved-meals/${saved.id}/log`, { date: '2026-10-11', type: 'elevenses' }, 'type'],
    ];
    for (const [method, url, body, field] of refusals) {
      const response = await server.api(method, url, { token: user.token, body });
      const said = `${method} ${url} ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(response.body)}`;
      assert.equal(response.status, 422, said);
      assert.ok(response.body.errors?.[field]?.[0], said);
    }
    const nothing = await server.api('POST', '/saved-meals', { token: user.token, body: { meal_id: empty.id } });
    assert.equal(nothing.body.message, 'This meal has nothing in it to save.');
    assert.equal(await server.eventStore.headPosition(), head, 'nothing was written');
  });

  it(`keeps at most ${MAX_SAVED_MEALS} saved meals a user; deleting one makes room`, async () => {
    const hoarder = await server.register('Hoarder');
    const mine = ownWrites(server.api, hoarder.token);
    const meal = await mine.call('POST', '/meals', { date: '2026-08-01', type: 'lunch' });
    await mine.call('POST', `/meals/${meal.id}/entries`, { name: 'Rice', calories: 200 });
    const ids: string[] = [];
    for (let count = 0; count < MAX_SAVED_MEALS; count++) {
      ids.push((await mine.call('POST', '/saved-meals', { meal_id: meal.id, name: `Lunch ${count}` })).id);
    }
    const head = await server.eventStore.headPosition();
    const over = await server.api('POST', '/saved-meals', { token: hoarder.token, body: { meal_id: meal.id } });
    assert.equal(over.status, 422, JSON.stringify(over.body));
    assert.deepEqual(over.body.errors, {
      meal_id: [`You have ${MAX_SAVED_MEALS} saved meals already. Delete one you no longer use first.`],
    });
    assert.equal(await server.eventStore.headPosition(), head, 'nothing was written');
    await mine.call('DELETE', `/saved-meals/${ids[0]}`);
    await mine.call('POST', '/saved-meals', { meal_id: meal.id, name: 'One more' });
    assert.equal((await list(hoarder.token, mine.position())).length, MAX_SAVED_MEALS);
  });

  it('saves and logs once for a request retried with the same Idempotency-Key', async () => {
    const meal = await breakfast();
    const send = (url: string, body: unknown, key: string) =>
      server.api('POST', url, { token: user.token, body, headers: { 'idempotency-key': key } });
    const before = (await list()).length;
    const first = await send('/saved-meals', { meal_id: meal.id, name: 'Retried' }, 'save-1');
    const again = await send('/saved-meals', { meal_id: meal.id, name: 'Retried' }, 'save-1');
    assert.deepEqual([first.status, again.status], [201, 201]);
    assert.deepEqual(again.body, first.body);
    assert.equal((await list(user.token, Number(again.headers.get('x-event-position')))).length, before + 1);

    const log = await send(`/saved-meals/${first.body.id}/log`, { date: '2026-11-30' }, 'log-1');
    const logAgain = await send(`/saved-meals/${first.body.id}/log`, { date: '2026-11-30' }, 'log-1');
    assert.deepEqual([log.status, logAgain.status], [201, 201]);
    assert.deepEqual(logAgain.body, log.body);
    const day = await server.api('GET', '/meals?date=2026-11-30', {
      token: user.token,
      headers: { 'x-min-position': logAgain.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(day.body.data[0].entries.length, meal.entries.length, 'logged once');
  });

  it("pushes a new saved meal, its renaming and its deletion to the user's other device as they are", async () => {
    const meal = await breakfast();
    const phone = await connectLive(server.baseUrl, user.token);
    try {
      await phone.joined;
      const saved = await me.call('POST', '/saved-meals', { meal_id: meal.id, name: 'Seen elsewhere' });
      const about = (op: string) => () =>
        phone.received.some(
          ({ notice }) => notice.model === 'saved_meals' && notice.id === saved.id && notice.op === op,
        );
      assert.ok(await waitUntil(about('upsert')), 'the other device heard of the new saved meal');
      const notice = phone.received.find(({ notice }) => notice.model === 'saved_meals')?.notice;
      assert.deepEqual(notice?.document, saved, 'it came whole, as the API shows it');

      await me.call('PATCH', `/saved-meals/${saved.id}`, { name: 'Renamed elsewhere' });
      assert.ok(
        await waitUntil(() =>
          phone.received.some(
            ({ notice }) =>
              notice.model === 'saved_meals' &&
              (notice.changes ?? []).some(
                (change) => change.op === 'set' && change.path[0] === 'name' && change.value === 'Renamed elsewhere',
              ),
          ),
        ),
        'the renaming came as a change',
      );
      await me.call('DELETE', `/saved-meals/${saved.id}`);
      assert.ok(await waitUntil(about('delete')), 'and the deletion');
    } finally {
      phone.socket.disconnect();
    }
  });
});
