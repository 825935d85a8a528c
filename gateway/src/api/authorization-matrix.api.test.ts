import assert from 'node:assert/strict';
import { workoutStream } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import {
  type AccessClass,
  AUTHORIZATION_TABLE,
  type Caller,
  customExerciseBody,
  type Fixtures,
  foodBody,
  pushSubscription,
  type RouteAccess,
} from './authorization-matrix.table.ts';

type Account = Awaited<ReturnType<TestServer['register']>>;
type Role = 'guest' | 'owner' | 'other user' | 'admin';

/**
 * What each role must be told, by access class. `through` is past authorization: any answer but
 * 401, 403, 404 and 5xx (a 409 or 422 is the route's own business); `open` also lets a 404 by (a
 * public route of a feature that is not configured, like Google sign-in).
 */
type Outcome = 401 | 403 | 404 | 'through' | 'open';
const EXPECTED: Record<AccessClass, Record<Role, Outcome>> = {
  public: { guest: 'open', owner: 'open', 'other user': 'open', admin: 'open' },
  user: { guest: 401, owner: 'through', 'other user': 'through', admin: 'through' },
  owner: { guest: 401, owner: 'through', 'other user': 404, admin: 404 },
  admin: { guest: 401, owner: 403, 'other user': 403, admin: 'through' },
};

const ROLES: Role[] = ['guest', 'owner', 'other user', 'admin'];
type Probe = { label: string; caller: Caller; fixtures: Fixtures; outcome: Outcome };
const PREFIX = '/api/v1';

const isAllowed = (outcome: Outcome) => outcome === 'through' || outcome === 'open';

function meets(status: number, outcome: Outcome) {
  if (status >= 500) return false;
  if (outcome === 'open') return status !== 401 && status !== 403;
  if (outcome === 'through') return status !== 401 && status !== 403 && status !== 404;
  return status === outcome;
}

/**
 * Every route of the OpenAPI document, sent as a guest, as the owner of the resources its path
 * names, as another user and as an admin, each answer checked against the access class the
 * table gives the route. A route missing from the table fails here, by name.
 */
describe('authorization matrix', () => {
  let server: TestServer;
  let admin: Account;
  let owner: Account;
  let otherUser: Account;
  let fixtures: Fixtures;
  /** The other user's own resources, for paths that name their parent and the owner's child. */
  let othersFixtures: Fixtures;
  let fixtureSets = 0;

  async function succeed(token: string, method: string, url: string, body?: unknown) {
    const response = await server.api(method, url, { token, body });
    assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** One of each kind of resource, the account's (the owner's unless told), projected before the probes. */
  async function seedFixtures(account = owner): Promise<Fixtures> {
    fixtureSets += 1;
    const day = new Date(Date.UTC(2026, 9, fixtureSets)).toISOString().slice(0, 10);
    const as = (method: string, url: string, body?: unknown) => succeed(account.token, method, url, body);
    const workout = await as('POST', '/workouts', { name: 'Matrix pull day', date: day });
    const workoutExercise = await as('POST', `/workouts/${workout.id}/exercises`, { name: 'Row' });
    const set = await as('POST', `/workouts/${workout.id}/exercises/${workoutExercise.id}/sets`, { reps: 8 });
    const template = await as('POST', `/workouts/${workout.id}/template`, { name: `Matrix template ${fixtureSets}` });
    const customExercise = await as('POST', '/exercises', customExerciseBody());
    const food = await as('POST', '/foods', foodBody());
    const meal = await as('POST', '/meals', { date: day, type: 'breakfast' });
    const mealEntry = await as('POST', `/meals/${meal.id}/entries`, { name: 'Tea', calories: 2 });
    const savedMeal = await as('POST', '/saved-meals', { meal_id: meal.id });
    const water = await as('POST', `/water/${day}`, { ml: 250 });
    const token = await as('POST', '/auth/tokens', { name: `Matrix script ${fixtureSets}` });
    const push = await as('POST', '/me/push-subscriptions', { ...pushSubscription(), time_zone: 'Europe/Berlin' });
    const bystander = await server.register('Matrix bystander');
    await server.caughtUp();
    // A position the log gave out (positions are opaque and sparse: 1 need not be one).
    const [started] = await server.eventStore.readStream(workoutStream(workout.id), { maxCount: 1 });
    return {
      ownerId: account.user.id,
      workoutId: workout.id,
      workoutExerciseId: workoutExercise.id,
      setId: set.id,
      customExerciseId: customExercise.id,
      templateId: template.id,
      foodId: food.id,
      mealId: meal.id,
      mealEntryId: mealEntry.id,
      savedMealId: savedMeal.id,
      waterDate: day,
      waterEntryId: water.id,
      tokenId: token.access_token.id,
      pushSubscriptionId: push.id,
      workoutStreamId: workoutStream(workout.id),
      logPosition: String(started?.position),
      projectionName: 'personal_records',
      bystanderId: bystander.user.id,
    };
  }

  /** A new account for each signed-in role, for a route that signs its caller out or closes the account. */
  async function throwawayCallers(): Promise<Record<Role, Caller>> {
    const [ownerLike, otherLike, adminLike] = await Promise.all(
      ['Matrix throwaway', 'Matrix throwaway', 'Matrix throwaway admin'].map((name) => server.register(name)),
    );
    if (!ownerLike || !otherLike || !adminLike) throw new Error('three accounts registered');
    await succeed(admin.token, 'PATCH', `/admin/users/${adminLike.user.id}/role`, { role: 'admin' });
    await server.caughtUp();
    return { guest: guestOf(ownerLike), owner: ownerLike, 'other user': otherLike, admin: adminLike };
  }

  /** A guest carries no token; a body that names an account (sign-in, reset) names this one. */
  const guestOf = (account: Account): Caller => ({ email: account.email, password: account.password });

  async function probe(route: string, entry: RouteAccess, caller: Caller, filled: Fixtures) {
    const [method = '', template = ''] = route.split(' ');
    let path = template.slice(PREFIX.length);
    for (const [param, key] of Object.entries(entry.params ?? {})) {
      path = path.replace(`{${param}}`, encodeURIComponent(filled[key]));
    }
    assert.doesNotMatch(path, /[{}]/, `${route}: the table fills every path parameter`);
    const url = entry.query ? `${path}?${entry.query}` : path;
    return server.api(method, url, { token: caller.token, body: entry.body?.(caller, filled) });
  }

  beforeAll(async () => {
    // A closed port: the weather route never reaches the internet.
    // Push subscriptions point at a closed loopback port, which only the test switch accepts.
    server = await startTestServer({ WEATHER_API_URL: 'http://127.0.0.1:9', PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    // The first account of an empty system is its admin.
    admin = await server.register('Matrix admin');
    assert.equal(admin.user.role, 'admin');
    owner = await server.register('Matrix owner');
    otherUser = await server.register('Matrix other user');
    othersFixtures = await seedFixtures(otherUser);
    fixtures = await seedFixtures();
  });
  afterAll(async () => {
    // A rebuild the matrix started ends before the stores close.
    if (server) await server.caughtUp();
    await server?.close();
  });

  it('has an entry for every route of the OpenAPI document, and none for a route it no longer lists', async () => {
    const document = await server.api('GET', '/openapi.json');
    assert.equal(document.status, 200);
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    assert.ok(documented.length > 0);
    const tabled = Object.keys(AUTHORIZATION_TABLE);
    const missing = documented.filter((route) => !tabled.includes(route));
    const stale = tabled.filter((route) => !documented.includes(route));
    assert.deepEqual(
      {
        'routes without an entry in authorization-matrix.table.ts': missing,
        'entries for routes no longer documented': stale,
      },
      { 'routes without an entry in authorization-matrix.table.ts': [], 'entries for routes no longer documented': [] },
    );
  });

  it.each(Object.entries(AUTHORIZATION_TABLE))('%s', async (route, entry) => {
    const expected = EXPECTED[entry.access];
    const callers: Record<Role, Caller> =
      entry.consumes === 'account'
        ? await throwawayCallers()
        : { guest: guestOf(owner), owner, 'other user': otherUser, admin };
    const filled = entry.consumes === 'fixtures' ? await seedFixtures() : fixtures;
    const probes: Probe[] = ROLES.map((role) => ({
      label: role,
      caller: callers[role],
      fixtures: filled,
      outcome: expected[role],
    }));
    // A nested path checks every id in it: the other user's own parent does not open the owner's child.
    const params = Object.entries(entry.params ?? {});
    if (entry.access === 'owner') {
      for (let theirs = 1; theirs < params.length; theirs++) {
        const mixed = { ...filled };
        for (const [, key] of params.slice(0, theirs)) mixed[key] = othersFixtures[key];
        const whose = params.map(([param], i) => `${param} ${i < theirs ? 'theirs' : "the owner's"}`).join(', ');
        probes.push({ label: `other user (${whose})`, caller: otherUser, fixtures: mixed, outcome: 404 });
      }
    }
    // The refusals first: the allowed call may use up what the others are refused.
    probes.sort((a, b) => Number(isAllowed(a.outcome)) - Number(isAllowed(b.outcome)));
    const wrong: string[] = [];
    for (const { label, caller, fixtures: ids, outcome } of probes) {
      const response = await probe(route, entry, caller, ids);
      if (!meets(response.status, outcome)) {
        wrong.push(`${label}: expected ${outcome}, got ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    assert.deepEqual(wrong, [], `${route} (${entry.access}) answered:\n${wrong.join('\n')}`);
  });

  it("refuses the owner's ids inside another user's bodies, on the other user's own resources", async () => {
    const theirs = othersFixtures;
    const attempts: [string, string, unknown][] = [
      ['POST', `/workouts/${theirs.workoutId}/exercises`, { name: 'Borrowed', exercise_id: fixtures.customExerciseId }],
      ['POST', `/meals/${theirs.mealId}/entries`, { food_id: fixtures.foodId, quantity: 100 }],
      ['POST', '/saved-meals', { meal_id: fixtures.mealId }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await server.api(method, url, { token: otherUser.token, body });
      assert.ok(
        response.status === 404 || response.status === 422,
        `${method} ${url} ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
  });

  it('refuses a guest on the live channel, over WebSocket and polling alike, and lets a user in', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      await assert.rejects(connectLive(server.baseUrl, undefined, [transport]), /Unauthenticated/, transport);
      await assert.rejects(connectLive(server.baseUrl, 'not-a-token', [transport]), /Unauthenticated/, transport);
    }
    const live = await connectLive(server.baseUrl, owner.token);
    assert.ok(live.socket.connected);
    live.socket.disconnect();
  });
});
