import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { userStream, workoutStream } from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { erasureFinished } from '../testing/erasure.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Account = Awaited<ReturnType<TestServer['register']>>;

describe('event explorer API (admin)', () => {
  let server: TestServer;
  let admin: Account;
  let user: Account;
  let workoutId: string;

  const ok = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await server.api(method, url, { token, body });
    assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  beforeAll(async () => {
    // A push subscription on a loopback endpoint (nothing is pushed to it) needs the test switch.
    server = await startTestServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    admin = await server.register('Ada Admin');
    user = await server.register('Uma User');
    const workout = await ok('POST', '/workouts', user.token, { name: 'Pull day' });
    workoutId = workout.id;
    const exercise = await ok('POST', `/workouts/${workoutId}/exercises`, user.token, { name: 'Row' });
    await ok('POST', `/workouts/${workoutId}/exercises/${exercise.id}/sets`, user.token, { reps: 8, weight: 60 });
    await ok('PATCH', `/workouts/${workoutId}`, user.token, { name: 'Heavy pull day' });
  });
  afterAll(() => server?.close());

  const routes: [string, string][] = [
    ['GET', '/admin/events/categories'],
    ['GET', '/admin/events/streams?category=workout'],
    ['GET', '/admin/events/streams/system-first-admin'],
    ['GET', '/admin/events/streams/system-first-admin/state'],
    ['GET', '/admin/events/log/1'],
    ['GET', '/admin/events/users/00000000-0000-4000-8000-000000000000/timeline'],
    ['GET', '/admin/projections'],
    ['POST', '/admin/projections/workouts/rebuild'],
  ];

  it('answers 401 to guests and 403 to users on every route', async () => {
    for (const [method, url] of routes) {
      assert.equal((await server.api(method, url)).status, 401, `${method} ${url} as a guest`);
      const asUser = await server.api(method, url, { token: user.token });
      assert.equal(asUser.status, 403, `${method} ${url} as a user`);
      assert.equal(typeof asUser.body.message, 'string');
    }
  });

  it('lists the categories and a category’s streams by name, paged', async () => {
    const categories = await ok('GET', '/admin/events/categories', admin.token);
    assert.ok(['user', 'workout', 'meal', 'exercise', 'system'].every((c) => categories.data.includes(c)));

    // Three more workouts: four in all, over two pages of three.
    for (const name of ['A', 'B', 'C']) await ok('POST', '/workouts', user.token, { name });
    const first = await ok('GET', '/admin/events/streams?category=workout&per_page=3', admin.token);
    const second = await ok('GET', '/admin/events/streams?category=workout&per_page=3&page=2', admin.token);
    assert.equal(first.data.length, 3);
    assert.equal(first.meta.has_more, true);
    assert.equal(second.data.length, 1);
    assert.equal(second.meta.has_more, false);
    const names = [...first.data, ...second.data].map((stream: { stream_id: string }) => stream.stream_id);
    assert.deepEqual(names, [...names].sort());
    assert.ok(names.includes(workoutStream(workoutId)));
    assert.ok([...first.data, ...second.data].every((s: { category: string }) => s.category === 'workout'));
    const ours = [...first.data, ...second.data].find((s: { stream_id: string }) => s.stream_id.includes(workoutId));
    assert.equal(ours.revision, 3);

    const users = await ok('GET', '/admin/events/streams?category=user', admin.token);
    assert.deepEqual(
      users.data.map((s: { stream_id: string }) => s.stream_id).sort(),
      [userStream(admin.user.id), userStream(user.user.id)].sort(),
    );
    for (const bad of ['category=nope', 'category=workout&page=0', 'category=workout&per_page=1000', '']) {
      const response = await server.api('GET', `/admin/events/streams?${bad}`, { token: admin.token });
      assert.equal(response.status, 422, bad);
      assert.ok(response.body.errors, bad);
    }
  });

  it('reads a stream’s events with their metadata, paged by revision, and one event by position', async () => {
    const stream = await ok('GET', `/admin/events/streams/${workoutStream(workoutId)}?limit=2`, admin.token);
    assert.deepEqual(
      stream.data.map((e: { revision: number }) => e.revision),
      [0, 1],
    );
    assert.equal(stream.meta.next_revision, 2);
    const [started] = stream.data;
    assert.equal(started.type, 'WorkoutStarted');
    assert.equal(started.metadata.actor_id, user.user.id);
    assert.equal(typeof started.metadata.command_id, 'string');
    assert.equal(typeof started.metadata.correlation_id, 'string');
    assert.equal(started.metadata.schema_version, 1);
    const rest = await ok('GET', `/admin/events/streams/${workoutStream(workoutId)}?from_revision=2`, admin.token);
    assert.deepEqual(
      rest.data.map((e: { revision: number }) => e.revision),
      [2, 3],
    );
    assert.equal(rest.meta.next_revision, null);

    const one = await ok('GET', `/admin/events/log/${started.position}`, admin.token);
    assert.deepEqual(one.data, started);
    // A number between two positions is none: the log never gave it out.
    const between = `/admin/events/log/${started.position + 1}`;
    assert.equal((await server.api('GET', between, { token: admin.token })).status, 404);
    assert.equal((await server.api('GET', '/admin/events/log/0', { token: admin.token })).status, 422);
    assert.equal((await server.api('GET', '/admin/events/streams/workout-nope', { token: admin.token })).status, 404);

    // Secrets never leave: the user's registration shows no password or token hash.
    const account = await ok('GET', `/admin/events/streams/${userStream(user.user.id)}`, admin.token);
    const text = JSON.stringify(account.data);
    assert.match(text, /"passwordHash":"\[redacted\]"/);
    assert.doesNotMatch(text, /argon2/);
  });

  it('shows an aggregate as of any revision (time travel), as `npm run es -- state` does', async () => {
    const stream = workoutStream(workoutId);
    const before = await ok('GET', `/admin/events/streams/${stream}/state?revision=0`, admin.token);
    assert.equal(before.revision, 0);
    assert.equal(before.latest_revision, 3);
    assert.equal(before.document.name, 'Pull day');
    assert.deepEqual(before.document.exercises, []);
    assert.ok(before.state, 'the write side’s state');
    const latest = await ok('GET', `/admin/events/streams/${stream}/state`, admin.token);
    assert.equal(latest.revision, 3);
    assert.equal(latest.document.name, 'Heavy pull day');
    assert.equal(latest.document.exercises.length, 1);
    const tooFar = await server.api('GET', `/admin/events/streams/${stream}/state?revision=4`, { token: admin.token });
    assert.equal(tooFar.status, 422);
    assert.ok(tooFar.body.errors.revision);

    const account = await ok('GET', `/admin/events/streams/${userStream(user.user.id)}/state`, admin.token);
    assert.doesNotMatch(JSON.stringify(account), /argon2/);
    const claim = await ok('GET', '/admin/events/streams/system-first-admin/state', admin.token);
    assert.equal(claim.state, null);
    assert.equal(claim.events.length, 1);
  });

  it("gives a user's timeline newest first, paged, and after erasure only what erasure leaves", async () => {
    const leaver = await server.register('Leo Leaver');
    const workout = await ok('POST', '/workouts', leaver.token, { name: 'Last one' });
    await ok('PATCH', `/workouts/${workout.id}`, leaver.token, { name: 'Really the last one' });
    await server.caughtUp();

    const all = await ok('GET', `/admin/events/users/${leaver.user.id}/timeline`, admin.token);
    const positions = all.data.map((e: { position: number }) => e.position);
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => b - a),
      'newest first',
    );
    const streams = new Set(all.data.map((e: { stream_id: string }) => e.stream_id));
    assert.ok(streams.has(userStream(leaver.user.id)) && streams.has(workoutStream(workout.id)));
    assert.equal(all.meta.next_before, null);
    assert.ok(
      all.data.every((e: { stream_id: string; data: object }) =>
        `${e.stream_id}${JSON.stringify(e.data)}`.includes(leaver.user.id),
      ),
    );
    const page = await ok('GET', `/admin/events/users/${leaver.user.id}/timeline?limit=2`, admin.token);
    assert.deepEqual(page.data, all.data.slice(0, 2));
    const next = await ok(
      'GET',
      `/admin/events/users/${leaver.user.id}/timeline?limit=2&before=${page.meta.next_before}`,
      admin.token,
    );
    assert.deepEqual(next.data, all.data.slice(2, 4));

    const deleted = await server.api('DELETE', '/me', { token: leaver.token, body: { password: leaver.password } });
    assert.equal(deleted.status, 200);
    await erasureFinished(server, leaver.user.id);
    const after = await ok('GET', `/admin/events/users/${leaver.user.id}/timeline`, admin.token);
    assert.deepEqual(
      after.data.map((e: { type: string }) => e.type),
      ['UserErased', 'UserDeleted'],
    );
    assert.doesNotMatch(JSON.stringify(after), /Leo Leaver|Last one/);
    const gone = await server.api('GET', `/admin/events/streams/${workoutStream(workout.id)}`, { token: admin.token });
    assert.equal(gone.status, 404);
    const state = await ok('GET', `/admin/events/streams/${userStream(leaver.user.id)}/state`, admin.token);
    assert.doesNotMatch(JSON.stringify(state), /Leo Leaver/);
  });

  it('matches a timeline user id whole: a fragment of one is refused, not a substring search', async () => {
    for (const fragment of ['0', 'a', '-', user.user.id.slice(0, 8)]) {
      const refused = await server.api('GET', `/admin/events/users/${fragment}/timeline`, { token: admin.token });
      assert.equal(refused.status, 422, fragment);
      assert.deepEqual(Object.keys(refused.body.errors), ['userId']);
    }
    // A well-formed id nobody has names no one's events, though every id shares its digits.
    const nobody = await ok('GET', '/admin/events/users/00000000-0000-4000-8000-000000000000/timeline', admin.token);
    assert.deepEqual(nobody.data, []);
    const own = await ok('GET', `/admin/events/users/${user.user.id}/timeline`, admin.token);
    assert.ok(own.data.length > 0);
    assert.ok(own.data.every((e: { stream_id: string; data: object }) => JSON.stringify(e).includes(user.user.id)));
  });

  it("shows each projection's position and lag, and rebuilds one while its position climbs back to the head", async () => {
    await server.caughtUp();
    const status = await ok('GET', '/admin/projections', admin.token);
    assert.deepEqual(
      status.data.map((p: { name: string }) => p.name),
      allProjections.map((p) => p.name),
    );
    const head = await server.eventStore.headPosition();
    assert.equal(status.meta.head, head);
    assert.ok(status.data.every((p: { position: number; lag: number }) => p.position === head && p.lag === 0));

    const byId = <T extends { id: string }>(documents: T[]) => documents.sort((a, b) => a.id.localeCompare(b.id));
    const before = byId(await server.readStore.find('workouts'));
    // A document the log does not say: only a replay of the log puts the projection's own back, so
    // the test sees the rebuild done, not the projection as it stood before the rebuild began.
    const [first] = before;
    assert.ok(first, 'a workout to rebuild');
    await server.readStore.commit({
      checkpoints: {},
      writes: [
        {
          collection: 'workouts',
          op: 'upsert',
          document: { ...first, name: 'Not from the log', _position: Number(first._position) + 1 },
        },
      ],
      notices: [],
    });
    assert.notDeepEqual(byId(await server.readStore.find('workouts')), before);
    const started = await server.api('POST', '/admin/projections/workouts/rebuild', { token: admin.token });
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.deepEqual(started.body.data, { name: 'workouts', head });
    const seen: number[] = [];
    let after: typeof before = [];
    for (let tries = 0; tries < 1000; tries++) {
      const now = await ok('GET', '/admin/projections', admin.token);
      const workouts = now.data.find((p: { name: string }) => p.name === 'workouts');
      seen.push(workouts.position);
      after = byId(await server.readStore.find('workouts'));
      if (workouts.lag === 0 && isDeepStrictEqual(after, before)) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(seen.at(-1), head, `positions seen: ${seen.join(', ')}`);
    // Rebuilt from zero into the same documents, and the projection follows the log again.
    assert.deepEqual(after, before);
    const workout = await ok('POST', '/workouts', user.token, { name: 'After the rebuild' });
    const read = await server.api('GET', `/workouts/${workout.id}`, { token: user.token });
    assert.equal(read.status, 200);

    const unknown = await server.api('POST', '/admin/projections/nope/rebuild', { token: admin.token });
    assert.equal(unknown.status, 404);
  });

  it('refuses a second rebuild of the same projection while one runs, and a demoted admin at once', async () => {
    // Events no projection handles, so a rebuild replays several batches and yields between them.
    const noise = Array.from({ length: 3000 }, () => ({
      id: randomUUID(),
      type: 'ExplorerTestNoise',
      data: {},
      metadata: {
        actorId: null,
        commandId: randomUUID(),
        correlationId: 'noise',
        timestamp: new Date().toISOString(),
        schemaVersion: 1,
      },
    }));
    await server.eventStore.appendToStream('noise-1', noise, 'no_stream');
    await server.caughtUp();
    const both = await Promise.all(
      [1, 2].map(() => server.api('POST', '/admin/projections/personal_records/rebuild', { token: admin.token })),
    );
    assert.deepEqual(
      both.map((response) => response.status).sort(),
      [202, 409],
      JSON.stringify(both.map((r) => r.body)),
    );
    assert.match(both.find((response) => response.status === 409)?.body.message, /being rebuilt already/);
    await server.caughtUp();

    const deputy = await server.register('Deputy');
    const context = { actorId: admin.user.id, commandId: randomUUID(), correlationId: 'test', now: new Date() };
    await server.runner.waitFor(['users'], await server.accounts.changeRole(deputy.user.id, 'admin', context), 2000);
    assert.equal((await server.api('GET', '/admin/projections', { token: deputy.token })).status, 200);
    const demoted = await server.accounts.changeRole(deputy.user.id, 'user', { ...context, commandId: randomUUID() });
    await server.runner.waitFor(['users'], demoted, 2000);
    assert.equal((await server.api('GET', '/admin/projections', { token: deputy.token })).status, 403);
  });

  it('never shows what reaches a user’s browser: a push subscription’s endpoint and keys are redacted like hashes', async () => {
    const subscriber = await server.register('Pia Push');
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    const keys = {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    await ok('POST', '/me/push-subscriptions', subscriber.token, { endpoint, keys, time_zone: 'UTC' });
    await server.caughtUp();
    const stream = userStream(subscriber.user.id);

    const events = await ok('GET', `/admin/events/streams/${stream}`, admin.token);
    const added = events.data.find((event: { type: string }) => event.type === 'PushSubscriptionAdded');
    assert.equal(added.data.endpoint, '[redacted]');
    assert.equal(added.data.keys, '[redacted]');
    assert.equal(added.data.timeZone, 'UTC', 'the rest of the event shows');
    const shown = [
      events,
      await ok('GET', `/admin/events/log/${added.position}`, admin.token),
      await ok('GET', `/admin/events/users/${subscriber.user.id}/timeline`, admin.token),
      await ok('GET', `/admin/events/streams/${stream}/state`, admin.token),
    ];
    for (const body of shown) {
      const text = JSON.stringify(body);
      for (const secret of [endpoint, keys.p256dh, keys.auth]) assert.ok(!text.includes(secret), text);
    }
  });

  it('lists every explorer route in the OpenAPI document', async () => {
    const docs = await server.api('GET', '/openapi.json');
    const paths = Object.keys(docs.body.paths);
    for (const path of [
      '/api/v1/admin/events/categories',
      '/api/v1/admin/events/streams',
      '/api/v1/admin/events/streams/{streamId}',
      '/api/v1/admin/events/streams/{streamId}/state',
      '/api/v1/admin/events/log/{position}',
      '/api/v1/admin/events/users/{userId}/timeline',
      '/api/v1/admin/projections',
      '/api/v1/admin/projections/{name}/rebuild',
    ]) {
      assert.ok(paths.includes(path), `${path} in ${paths.filter((p) => p.includes('admin')).join(', ')}`);
    }
  });
});
