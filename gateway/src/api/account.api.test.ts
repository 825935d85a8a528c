import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { SYSTEM_SETTINGS_MODEL } from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { erasedFromStorage, erasureFinished } from '../testing/erasure.ts';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { readModelsRebuiltFromZero, snapshotReadModels } from '../testing/read-models.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const date = '2026-11-20';

describe('account deletion (DELETE /me)', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  beforeAll(async () => {
    // The push subscription below points at a loopback port, which only the test switch accepts.
    server = await startTestServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    admin = await server.register('First Admin');
  });
  afterAll(() => server?.close());

  /** Logs something into every read model a user owns documents in. */
  async function logEverything(token: string) {
    const ok = async (method: string, url: string, body?: unknown) => {
      const response = await server.api(method, url, { token, body });
      assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    const exercise = await ok('POST', '/exercises', {
      name: 'Sandbag carry',
      category: 'strength',
      primary_muscle: 'core',
      equipment: 'bodyweight',
    });
    await ok('PUT', `/exercises/${exercise.id}/favorite`);
    const workout = await ok('POST', '/workouts', { name: 'Carry day', date });
    const added = await ok('POST', `/workouts/${workout.id}/exercises`, {
      name: 'Sandbag carry',
      exercise_id: exercise.id,
    });
    await ok('POST', `/workouts/${workout.id}/exercises/${added.id}/sets`, { reps: 5, weight: 60 });
    await ok('POST', `/workouts/${workout.id}/template`, { name: 'Carries' });
    await ok('POST', '/foods', {
      name: 'Oat bar',
      category: 'carbs',
      per_100g: { kcal: 400, protein: 8, carbs: 60, fat: 12 },
    });
    const meal = await ok('POST', '/meals', { date, type: 'lunch' });
    await ok('POST', `/meals/${meal.id}/entries`, { name: 'Soup', calories: 300, protein: 10, carbs: 30, fat: 10 });
    await ok('POST', '/saved-meals', { meal_id: meal.id, name: 'Soup lunch' });
    await ok('POST', `/water/${date}`, { ml: 500 });
    await ok('PUT', `/steps/${date}`, { count: 8000 });
    await ok('PUT', `/body-weight/${date}`, { weight: 70 });
    // A browser subscribed to push (on a loopback port nothing listens on: no push goes out here).
    const browser = createECDH('prime256v1');
    await ok('POST', '/me/push-subscriptions', {
      endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
      keys: { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      time_zone: 'Europe/Berlin',
    });
  }

  /** How many documents in all read models a user owns (the system-wide settings are nobody's). */
  async function owned(userId: string) {
    const counts: Record<string, number> = {};
    for (const projection of allProjections) {
      if (projection.name === SYSTEM_SETTINGS_MODEL) continue;
      counts[projection.name] = await server.readStore.count(projection.collection.name, {
        [projection.ownerField]: userId,
      });
    }
    return counts;
  }

  it('exports everything the user owns as a download, and nothing of anyone else', async () => {
    const owner = await server.register('Exporter');
    const other = await server.register('Bystander');
    await logEverything(owner.token);
    await logEverything(other.token);
    const position = String(await server.eventStore.headPosition());

    const response = await server.api('GET', '/me/export', {
      token: owner.token,
      headers: { 'x-min-position': position },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.match(
      response.headers.get('content-disposition') ?? '',
      /^attachment; filename="stride-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // Written as it is read: sent in chunks, its length unknown when it starts.
    assert.equal(response.headers.get('transfer-encoding'), 'chunked');
    assert.equal(response.headers.get('content-length'), null);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const exported = response.body;
    assert.equal(exported.format, 'stride-export/1');
    assert.equal(exported.user.email, owner.email);
    assert.equal(exported.user.profile.name, 'Exporter');
    const counts = Object.fromEntries(
      Object.entries(exported.data).map(([model, docs]) => [model, (docs as []).length]),
    );
    assert.deepEqual(counts, {
      workouts: 1,
      exercises: 1,
      favorites: 1,
      templates: 1,
      foods: 1,
      meals: 1,
      water: 1,
      saved_meals: 1,
      steps: 1,
      body_weight: 1,
    });
    assert.equal(exported.data.workouts[0].exercises[0].sets[0].weight, 60);
    const text = JSON.stringify(exported);
    for (const secret of [other.user.id, other.email, '_position', '"tokens"', '"hash"']) {
      assert.equal(text.includes(secret), false, `the export holds ${secret}`);
    }
    assert.equal((await server.api('GET', '/me/export')).status, 401);
  });

  it('asks for the password and loses nothing when it is wrong or missing', async () => {
    const user = await server.register('Careful');
    await logEverything(user.token);
    await server.caughtUp();
    const before = await owned(user.user.id);
    for (const body of [{ password: 'wrong password' }, {}, { password: '' }, undefined]) {
      const response = await server.api('DELETE', '/me', { token: user.token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors[body ? 'password' : 'body'], JSON.stringify(response.body));
    }
    assert.equal((await server.api('DELETE', '/me', { body: { password: user.password } })).status, 401);
    await server.caughtUp();
    assert.deepEqual(await owned(user.user.id), before);
    assert.ok(
      Object.values(before).every((count) => count > 0),
      JSON.stringify(before),
    );
    assert.equal((await server.api('GET', '/me', { token: user.token })).status, 200);
  });

  it("deletes the account and everything it logged, ends every session and frees the email; others' data stays", async () => {
    const leaver = await server.register('Leaver');
    const stayer = await server.register('Stayer');
    await logEverything(leaver.token);
    await logEverything(stayer.token);
    const otherDevice = await server.api('POST', '/auth/login', {
      body: { email: leaver.email, password: leaver.password },
    });
    const live = await connectLive(server.baseUrl, leaver.token);
    const dropped = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));
    await server.caughtUp();
    const stayerBefore = await owned(stayer.user.id);

    const deleted = await server.api('DELETE', '/me', { token: leaver.token, body: { password: leaver.password } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal(deleted.body.message, 'Your account has been deleted.');
    // The answer comes once the tokens are dead: both sessions are refused straight away.
    assert.equal((await server.api('GET', '/me', { token: leaver.token })).status, 401);
    assert.equal((await server.api('GET', '/workouts', { token: otherDevice.body.token })).status, 401);
    assert.equal(await dropped, 'io server disconnect');
    const login = await server.api('POST', '/auth/login', { body: { email: leaver.email, password: leaver.password } });
    assert.equal(login.status, 422);

    await server.caughtUp();
    // Then what they wrote leaves the event log too, in the background.
    await erasureFinished(server, leaver.user.id);
    // Every read of the log, on every store, at once.
    const log = await server.eventStore.readAll({ fromPosition: 0, maxCount: 100_000 });
    assert.deepEqual(
      log.filter((event) => JSON.stringify(event.data).includes(leaver.user.id)).map((event) => event.type),
      ['UserDeleted', 'UserErased'],
    );
    // The storage itself: at once on SQLite, at the scavenge on EventStoreDB.
    await erasedFromStorage(server, {
      userId: leaver.user.id,
      text: leaver.email,
      remaining: ['UserDeleted', 'UserErased'],
    });
    const gone = await owned(leaver.user.id);
    assert.ok(
      Object.values(gone).every((count) => count === 0),
      `read models still hold: ${JSON.stringify(gone)}`,
    );
    assert.deepEqual(await owned(stayer.user.id), stayerBefore, "another user's data is untouched");
    assert.deepEqual(await snapshotReadModels(server.readStore), await readModelsRebuiltFromZero(server.eventStore));

    // The email is free again: a new, empty account with the same address, and not an admin.
    const again = await server.api('POST', '/auth/register', {
      body: { name: 'Back', email: leaver.email, password: 'another pass', password_confirmation: 'another pass' },
    });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.notEqual(again.body.user.id, leaver.user.id);
    assert.equal(again.body.user.role, 'user');
    const workouts = await server.api('GET', '/workouts', { token: again.body.token });
    assert.equal(workouts.body.data.length, 0);
  });

  it('lets writes under way finish first and refuses later ones, so nothing of theirs comes back', async () => {
    const user = await server.register('Busy');
    await logEverything(user.token);
    let stop = false;
    const outcomes: number[] = [];
    // Four devices logging water as fast as they can while the account is deleted.
    const writers = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const response = await server.api('POST', `/water/${date}`, { token: user.token, body: { ml: 100 } });
        outcomes.push(response.status);
        if (response.status === 401) return;
      }
    });
    // The deletion comes once the writers are under way: a write of theirs has been answered.
    assert.ok(await waitUntil(() => outcomes.length > 0, 10_000), 'the writers are under way');
    const deleted = await server.api('DELETE', '/me', { token: user.token, body: { password: user.password } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    stop = true;
    await Promise.all(writers);
    assert.ok(outcomes.filter((status) => status === 201).length > 0, 'writes ran alongside');
    assert.deepEqual([...new Set(outcomes)].sort(), [201, 401]);

    await server.caughtUp();
    await erasureFinished(server, user.user.id);
    await server.caughtUp();
    const left = await owned(user.user.id);
    assert.ok(
      Object.values(left).every((count) => count === 0),
      `read models still hold: ${JSON.stringify(left)}`,
    );
  });

  it('keeps the only admin, and keeps the first-admin seat taken once the first account is deleted', async () => {
    const alone = await server.api('DELETE', '/me', { token: admin.token, body: { password: admin.password } });
    assert.equal(alone.status, 409, JSON.stringify(alone.body));
    assert.match(alone.body.message, /only admin/);
    assert.equal((await server.api('GET', '/me', { token: admin.token })).status, 200);

    const deputy = await server.register('Deputy');
    const context = { actorId: admin.user.id, commandId: randomUUID(), correlationId: 'test', now: new Date() };
    const promoted = await server.accounts.changeRole(deputy.user.id, 'admin', context);
    await server.runner.waitFor(['users'], promoted, 2000);
    const deleted = await server.api('DELETE', '/me', { token: admin.token, body: { password: admin.password } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    const newcomer = await server.register('Newcomer');
    assert.equal(newcomer.user.role, 'user');
  });
});
