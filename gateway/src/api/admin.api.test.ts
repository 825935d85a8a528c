import assert from 'node:assert/strict';
import { userStream } from '@fitness/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse } from '../testing/api-client.ts';
import { erasureFinished } from '../testing/erasure.ts';
import { connectLive, heardOwnWrite, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const today = () => new Date().toISOString().slice(0, 10);
const positionOf = (response: ApiResponse) => response.headers.get('x-event-position') ?? '0';

describe('admin API: stats, users, roles and deletion', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  let user: Awaited<ReturnType<TestServer['register']>>;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    // The first account of an empty system is its admin.
    admin = await server.register('Ada Admin');
    user = await server.register('Ulla User');
    assert.equal(admin.user.role, 'admin');
    assert.equal(user.user.role, 'user');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
  });

  /** Reads as the admin, after the projections reached `position` (read-your-writes). */
  const adminGet = (url: string, position = '0') =>
    server.api('GET', url, { token: admin.token, headers: { 'x-min-position': position } });

  it('answers every admin route 401 to guests and 403 to users, and lets admins in', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/stats'],
      ['GET', '/admin/users'],
      ['GET', `/admin/users/${user.user.id}`],
      ['GET', '/admin/analytics?period=week'],
      ['PATCH', `/admin/users/${user.user.id}/role`, { role: 'user' }],
      ['DELETE', `/admin/users/${user.user.id}`],
    ];
    for (const [method, url, body] of routes) {
      const guest = await server.api(method, url, { body });
      assert.equal(guest.status, 401, `${method} ${url} as a guest`);
      const refused = await server.api(method, url, { token: user.token, body });
      assert.equal(refused.status, 403, `${method} ${url} as a user`);
      assert.equal(typeof refused.body.message, 'string');
    }
    for (const [method, url, body] of routes.slice(0, 5)) {
      const allowed = await server.api(method, url, { token: admin.token, body });
      assert.equal(allowed.status, 200, `${method} ${url} as the admin: ${JSON.stringify(allowed.body)}`);
    }
  });

  it('is in the OpenAPI document, with its answers and refusals', async () => {
    const { paths } = (await server.api('GET', '/openapi.json')).body;
    const routes: [string, string][] = [
      ['/api/v1/admin/stats', 'get'],
      ['/api/v1/admin/users', 'get'],
      ['/api/v1/admin/users/{id}', 'get'],
      ['/api/v1/admin/users/{id}', 'delete'],
      ['/api/v1/admin/users/{id}/role', 'patch'],
      ['/api/v1/admin/analytics', 'get'],
    ];
    for (const [path, method] of routes) {
      const operation = paths[path]?.[method];
      assert.ok(operation, `${method} ${path}`);
      for (const status of ['200', '401', '403']) assert.ok(operation.responses[status], `${method} ${path} ${status}`);
    }
    const analytics = paths['/api/v1/admin/analytics'].get;
    assert.ok(analytics.parameters.some((parameter: { name: string }) => parameter.name === 'period'));
  });

  it('refuses bad input with 422 and unknown users with 404', async () => {
    assert.equal((await adminGet('/admin/analytics?period=decade')).status, 422);
    assert.equal((await adminGet('/admin/users?per_page=0')).status, 422);
    assert.equal((await adminGet('/admin/users?role=owner')).status, 422);
    const badRole = await server.api('PATCH', `/admin/users/${user.user.id}/role`, {
      token: admin.token,
      body: { role: 'owner' },
    });
    assert.equal(badRole.status, 422);
    assert.ok(badRole.body.errors.role);
    assert.equal((await adminGet('/admin/users/no-such-user')).status, 404);
    const missing = await server.api('PATCH', '/admin/users/no-such-user/role', {
      token: admin.token,
      body: { role: 'admin' },
    });
    assert.equal(missing.status, 404);
    assert.equal((await server.api('DELETE', '/admin/users/no-such-user', { token: admin.token })).status, 404);
  });

  it('searches users by name or email, whatever the case and accents, filters by role and pages', async () => {
    const tag = `s${Date.now()}`;
    const names = ['José Müller', 'Jose Muller', 'Zoë Ångström'];
    const made = [];
    for (const name of names) {
      const password = 'correct horse';
      const response = await server.api('POST', '/auth/register', {
        body: { name, email: `${tag}.${made.length}@Example.com`, password, password_confirmation: password },
      });
      assert.equal(response.status, 201);
      made.push(response);
    }
    const last = positionOf(made.at(-1) as ApiResponse);

    const byName = await adminGet(`/admin/users?search=${encodeURIComponent('JOSE MÜLLER')}`, last);
    assert.equal(byName.status, 200);
    assert.deepEqual(byName.body.data.map((row: { name: string }) => row.name).sort(), ['Jose Muller', 'José Müller']);
    const accented = await adminGet(`/admin/users?search=${encodeURIComponent('zoe angstrom')}`, last);
    assert.deepEqual(
      accented.body.data.map((row: { name: string }) => row.name),
      ['Zoë Ångström'],
    );
    const byEmail = await adminGet(`/admin/users?search=${tag.toUpperCase()}`, last);
    assert.equal(byEmail.body.meta.total, 3);
    // Newest first.
    assert.deepEqual(
      byEmail.body.data.map((row: { name: string }) => row.name),
      [...names].reverse(),
    );
    assert.deepEqual(Object.keys(byEmail.body.data[0]).sort(), [
      'created_at',
      'email',
      'id',
      'last_active_at',
      'name',
      'role',
    ]);

    const pageOne = await adminGet(`/admin/users?search=${tag}&per_page=2`, last);
    assert.deepEqual(pageOne.body.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const pageTwo = await adminGet(`/admin/users?search=${tag}&per_page=2&page=2`, last);
    assert.equal(pageTwo.body.data.length, 1);
    assert.notEqual(pageTwo.body.data[0].id, pageOne.body.data[0].id);
    assert.notEqual(pageTwo.body.data[0].id, pageOne.body.data[1].id);

    const admins = await adminGet('/admin/users?role=admin', last);
    assert.ok(admins.body.data.length >= 1);
    assert.ok(admins.body.data.every((row: { role: string }) => row.role === 'admin'));
    assert.ok(admins.body.data.some((row: { id: string }) => row.id === admin.user.id));
    const users = await adminGet('/admin/users?role=user', last);
    assert.ok(users.body.data.every((row: { role: string }) => row.role === 'user'));
    assert.equal(
      users.body.meta.total + admins.body.meta.total,
      (await adminGet('/admin/users', last)).body.meta.total,
    );
  });

  it('pages by the "users per page" setting when per_page is left out', async () => {
    const settings = await server.api('GET', '/admin/settings', { token: admin.token });
    assert.equal(settings.status, 200);
    const listed = await adminGet('/admin/users');
    assert.equal(listed.body.meta.per_page, settings.body.users_per_page);
  });

  it("shows a user's profile, sign-up date, last activity and counts of workouts, meals and records", async () => {
    const athlete = await server.register('Athlete');
    const { token } = athlete;
    const workout = await server.api('POST', '/workouts', { token, body: { name: 'Push', date: today() } });
    const exercise = await server.api('POST', `/workouts/${workout.body.id}/exercises`, {
      token,
      body: { name: 'Bench Press' },
    });
    await server.api('POST', `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`, {
      token,
      body: { reps: 5, weight: 80 },
    });
    await server.api('PATCH', `/workouts/${workout.body.id}`, { token, body: { status: 'completed', duration: 45 } });
    const meal = await server.api('POST', '/meals', { token, body: { date: today(), type: 'lunch' } });
    assert.equal(meal.status, 201);

    const detail = await adminGet(`/admin/users/${athlete.user.id}`, positionOf(meal));
    assert.equal(detail.status, 200);
    assert.equal(detail.body.id, athlete.user.id);
    assert.equal(detail.body.email, athlete.email);
    assert.equal(detail.body.role, 'user');
    assert.equal(detail.body.profile.name, 'Athlete');
    assert.equal(detail.body.created_at, athlete.user.created_at);
    assert.ok(detail.body.last_active_at >= detail.body.created_at);
    assert.deepEqual(detail.body.counts, { workouts: 1, meals: 1, records: 1 });
    assert.equal(detail.body.tokens, undefined, 'no token hashes');
  });

  it('counts users, activity and the log on the dashboard', async () => {
    const before = (await adminGet('/admin/stats')).body;
    const newcomer = await server.register('Newcomer');
    const { token } = newcomer;
    const workout = await server.api('POST', '/workouts', { token, body: { name: 'Legs', date: today() } });
    const exercise = await server.api('POST', `/workouts/${workout.body.id}/exercises`, {
      token,
      body: { name: 'Squat' },
    });
    for (const reps of [5, 5]) {
      await server.api('POST', `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`, {
        token,
        body: { reps, weight: 100 },
      });
    }
    const meal = await server.api('POST', '/meals', { token, body: { date: today(), type: 'dinner' } });

    const after = await adminGet('/admin/stats', positionOf(meal));
    assert.equal(after.status, 200);
    const stats = after.body;
    assert.equal(stats.date, today());
    assert.equal(stats.users.total, before.users.total + 1);
    assert.equal(stats.users.admins, before.users.admins);
    assert.equal(stats.users.new_today, before.users.new_today + 1);
    assert.equal(stats.users.new_this_week, before.users.new_this_week + 1);
    assert.equal(stats.active_users.today, before.active_users.today + 1);
    assert.equal(stats.active_users.last_7_days, before.active_users.last_7_days + 1);
    assert.equal(stats.workouts_today, before.workouts_today + 1);
    assert.equal(stats.sets_today, before.sets_today + 2);
    assert.equal(stats.meals_today, before.meals_today + 1);
    assert.ok(stats.log_position >= Number(positionOf(meal)));
    assert.ok(stats.projection_lag.projections.some((p: { name: string }) => p.name === 'admin_analytics'));
    for (const projection of stats.projection_lag.projections) {
      assert.ok(projection.lag >= 0 && projection.lag <= stats.projection_lag.max);
    }
  });

  it('lets an admin promote a user, and protects the last admin from demotion and deletion', async () => {
    const lone = await startTestServer();
    try {
      const first = await lone.register('Only Admin');
      const other = await lone.register('Other');
      const demoteSelf = await lone.api('PATCH', `/admin/users/${first.user.id}/role`, {
        token: first.token,
        body: { role: 'user' },
      });
      assert.equal(demoteSelf.status, 409);
      assert.match(demoteSelf.body.message, /only admin/);
      const deleteSelf = await lone.api('DELETE', `/admin/users/${first.user.id}`, { token: first.token });
      assert.equal(deleteSelf.status, 409);
      assert.match(deleteSelf.body.message, /only admin/);

      const promoted = await lone.api('PATCH', `/admin/users/${other.user.id}/role`, {
        token: first.token,
        body: { role: 'admin' },
      });
      assert.equal(promoted.status, 200);
      assert.equal(promoted.body.role, 'admin');
      assert.equal(promoted.body.tokens, undefined);
      // At once: the promoted user's next request is an admin's.
      assert.equal((await lone.api('GET', '/admin/stats', { token: other.token })).status, 200);
      // With two admins, one may step down; then the other is the last again.
      const stepDown = await lone.api('PATCH', `/admin/users/${first.user.id}/role`, {
        token: first.token,
        body: { role: 'user' },
      });
      assert.equal(stepDown.status, 200);
      assert.equal((await lone.api('GET', '/admin/stats', { token: first.token })).status, 403);
      const lastOne = await lone.api('DELETE', `/admin/users/${other.user.id}`, { token: other.token });
      assert.equal(lastOne.status, 409);
    } finally {
      await lone.close();
    }
  });

  it('takes the admin room from a demoted admin at once, on their open socket', async () => {
    const deputy = await server.register('Deputy');
    const promoted = await server.api('PATCH', `/admin/users/${deputy.user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    assert.equal(promoted.status, 200);
    const live = await connectLive(server.baseUrl, deputy.token);
    sockets.push(live.socket);
    // As an admin, the socket hears of other users' sign-ups (users and admin models).
    const first = await server.register('Heard');
    assert.ok(await waitUntil(() => live.received.some((r) => r.notice.id === first.user.id)), 'admin room joined');

    const demoted = await server.api('PATCH', `/admin/users/${deputy.user.id}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    assert.equal(demoted.status, 200);
    // Their own socket is told of the change to their account (the page drops the admin screens)...
    assert.ok(
      await waitUntil(() =>
        live.received.some(
          (r) =>
            r.notice.model === 'users' &&
            r.notice.id === deputy.user.id &&
            r.notice.position >= Number(positionOf(demoted)),
        ),
      ),
    );
    // ...and the same socket, still open, hears nothing of other users from then on (what it was
    // going to hear has come once it heard of a later write of the deputy's own).
    await heardOwnWrite(server.api, live, deputy.token, 'Before');
    const heardBefore = live.received.length;
    const second = await server.register('Unheard');
    const workout = await server.api('POST', '/workouts', { token: second.token, body: { name: 'Quiet' } });
    assert.equal(workout.status, 201);
    await heardOwnWrite(server.api, live, deputy.token, 'After');
    assert.ok(live.socket.connected, 'the socket stays open');
    // What it may hear is of its own workouts: nothing of another user, nor of the admin models.
    const adminModels = ['admin_analytics', 'admin_users'];
    assert.deepEqual(
      live.received
        .slice(heardBefore)
        .filter((r) => r.notice.userId !== deputy.user.id || adminModels.includes(r.notice.model)),
      [],
      'no admin notices after demotion',
    );
    assert.equal((await server.api('GET', '/admin/users', { token: deputy.token })).status, 403);
  });

  it("deletes a user as their own deletion does, the admin recorded, and kills the user's tokens and sockets", async () => {
    const leaving = await server.register('Leaving');
    const workout = await server.api('POST', '/workouts', { token: leaving.token, body: { name: 'Last one' } });
    assert.equal(workout.status, 201);
    const live = await connectLive(server.baseUrl, leaving.token);
    sockets.push(live.socket);
    const disconnected = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));

    const deleted = await server.api('DELETE', `/admin/users/${leaving.user.id}`, { token: admin.token });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal(await disconnected, 'io server disconnect');
    assert.equal((await server.api('GET', '/me', { token: leaving.token })).status, 401);
    assert.equal((await adminGet(`/admin/users/${leaving.user.id}`, positionOf(deleted))).status, 404);
    assert.equal((await server.api('GET', `/workouts/${workout.body.id}`, { token: admin.token })).status, 404);
    const listed = await adminGet(`/admin/users?search=${encodeURIComponent(leaving.email)}`, positionOf(deleted));
    assert.equal(listed.body.meta.total, 0);

    for (const model of ['admin_analytics', 'admin_users']) {
      assert.equal(await server.readStore.count(model, { user_id: leaving.user.id }), 0, `${model} forgets them`);
    }
    const own = await server.eventStore.readStream(userStream(leaving.user.id));
    const deletion = own.find((event) => event.type === 'UserDeleted');
    assert.equal(deletion?.metadata.actorId, admin.user.id, 'the acting admin is on the event');
    // The same erasure as deleting one's own account: what they wrote leaves the log.
    await erasureFinished(server, leaving.user.id);
  });
});
