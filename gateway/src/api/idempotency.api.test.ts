import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * A create retried with the same Idempotency-Key (a lost answer, a double tap) answers with what
 * the first attempt made, whose id exists, and makes no second one; another key makes another.
 */
describe('Idempotency-Key on creates', () => {
  let server: TestServer;
  let token: string;
  let keys = 0;
  beforeAll(async () => {
    server = await startTestServer();
    await server.register('Admin');
    token = (await server.register('Retrier')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  /** The same request twice with one fresh key; both answers, and the position to read at. */
  async function twice(method: string, url: string, body: unknown) {
    keys += 1;
    const headers = { 'idempotency-key': `retry-${keys}-${Date.now()}` };
    const first = await server.api(method, url, { token, body, headers });
    const second = await server.api(method, url, { token, body, headers });
    assert.ok(first.status < 300, `${url}: ${first.status} ${JSON.stringify(first.body)}`);
    assert.equal(second.status, first.status, `${url}: ${JSON.stringify(second.body)}`);
    assert.equal(second.body.id, first.body.id, `${url}: the same thing both times`);
    const position = Math.max(
      Number(first.headers.get('x-event-position')),
      Number(second.headers.get('x-event-position')),
    );
    return { first, position };
  }

  const read = (url: string, position: number) =>
    server.api('GET', url, { token, headers: { 'x-min-position': String(position) } });

  it('makes one workout, one exercise in it and one set, and the retried answers name them', async () => {
    const { first: workout, position } = await twice('POST', '/workouts', { name: 'Retry day' });
    assert.equal((await read('/workouts', position)).body.data.length, 1);

    const { first: exercise } = await twice('POST', `/workouts/${workout.body.id}/exercises`, { name: 'Row' });
    const { first: set, position: afterSet } = await twice(
      'POST',
      `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`,
      { reps: 8, weight: 50 },
    );
    const stored = (await read(`/workouts/${workout.body.id}`, afterSet)).body;
    assert.equal(stored.exercises.length, 1);
    assert.deepEqual(
      stored.exercises[0].sets.map((s: { id: string }) => s.id),
      [set.body.id],
    );

    // Another key is another request: another set.
    const again = await server.api('POST', `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`, {
      token,
      body: { reps: 8, weight: 50 },
      headers: { 'idempotency-key': `other-${Date.now()}` },
    });
    assert.equal(again.status, 201);
    assert.notEqual(again.body.id, set.body.id);
  });

  it('makes one food, one custom exercise, one water entry and one meal entry', async () => {
    const food = await twice('POST', '/foods', {
      name: 'Retry bar',
      category: 'carbs',
      per_100g: { kcal: 400, protein: 8, carbs: 60, fat: 12 },
    });
    const foods = (await read('/foods?scope=mine', food.position)).body.data.filter(
      (f: { name: string }) => f.name === 'Retry bar',
    );
    assert.equal(foods.length, 1);

    await twice('POST', '/exercises', {
      name: `Retry lift ${Date.now()}`,
      category: 'strength',
      primary_muscle: 'back',
      equipment: 'barbell',
    });

    const water = await twice('POST', '/water/2026-11-20', { ml: 300 });
    const day = (await read('/water/2026-11-20', water.position)).body;
    assert.equal(day.total_ml, 300);
    assert.deepEqual(
      day.entries.map((entry: { id: string }) => entry.id),
      [water.first.body.id],
      'the answered id is the stored one',
    );

    const meal = (await server.api('POST', '/meals', { token, body: { date: '2026-11-20', type: 'dinner' } })).body;
    const entry = await twice('POST', `/meals/${meal.id}/entries`, { name: 'Stew', calories: 500 });
    const stored = (await read(`/meals/${meal.id}`, entry.position)).body;
    assert.deepEqual(
      stored.entries.map((e: { id: string }) => e.id),
      [entry.first.body.id],
    );
  });
});
