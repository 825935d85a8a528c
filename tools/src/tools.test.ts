import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { PROJECTOR_LEASE, SqliteLease } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a tool the way `npm run es -- …` / `npm run users -- …` does, on a data folder. */
function tool(script: 'es' | 'users', args: string[], dataDir: string) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'tools/src', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A browser's push subscription: what reaches it, which the tools must not print. */
const pushSubscription = {
  endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};
const pushSecrets = [pushSubscription.endpoint, pushSubscription.keys.p256dh, pushSubscription.keys.auth];

describe('developer tools', () => {
  let server: TestServer;
  let workoutId = '';
  let email = '';
  let userId = '';

  beforeAll(async () => {
    // A push subscription on a loopback endpoint (nothing is pushed to it) needs the test switch.
    server = await startTestServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    await server.register('First admin');
    const account = await server.register('Lifter');
    email = account.email;
    userId = account.user.id;
    const subscribed = await server.api('POST', '/me/push-subscriptions', {
      token: account.token,
      body: { endpoint: pushSubscription.endpoint, keys: pushSubscription.keys, time_zone: 'UTC' },
    });
    assert.equal(subscribed.status, 201, JSON.stringify(subscribed.body));
    const workout = (await server.api('POST', '/workouts', { token: account.token, body: { name: 'Pull day' } })).body;
    workoutId = workout.id;
    await server.api('POST', `/workouts/${workoutId}/exercises`, { token: account.token, body: { name: 'Row' } });
    await server.api('PATCH', `/workouts/${workoutId}`, { token: account.token, body: { name: 'Heavy pull day' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists streams and prints one, with password and token hashes redacted', () => {
    const streams = tool('es', ['streams', 'user-'], server.dataDir);
    assert.equal(streams.status, 0, streams.stderr);
    assert.match(streams.stdout, new RegExp(`user-${userId}\\t\\d+ events`));
    const stream = tool('es', ['stream', `user-${userId}`], server.dataDir);
    assert.match(stream.stdout, /UserRegistered/);
    assert.match(stream.stdout, /"passwordHash":"\[redacted\]"/);
    assert.doesNotMatch(stream.stdout, /argon2id/);
  });

  it('prints a push subscription’s endpoint and keys in no stream or state, redacted like the hashes', () => {
    const stream = tool('es', ['stream', `user-${userId}`], server.dataDir);
    assert.match(stream.stdout, /PushSubscriptionAdded/);
    assert.match(stream.stdout, /"endpoint":"\[redacted\]","keys":"\[redacted\]"/);
    const state = tool('es', ['state', `user-${userId}`], server.dataDir);
    assert.equal(state.status, 0, state.stderr);
    assert.match(state.stdout, /"keys": "\[redacted\]"/);
    for (const output of [stream.stdout, state.stdout]) {
      for (const secret of pushSecrets) assert.ok(!output.includes(secret), output);
    }
  });

  it('shows a workout as of an earlier revision (time travel)', () => {
    const before = JSON.parse(tool('es', ['state', `workout-${workoutId}`, '--revision', '0'], server.dataDir).stdout);
    assert.equal(before.document.name, 'Pull day');
    assert.deepEqual(before.document.exercises, []);
    const latest = JSON.parse(tool('es', ['state', `workout-${workoutId}`], server.dataDir).stdout);
    assert.equal(latest.document.name, 'Heavy pull day');
    assert.equal(latest.document.exercises.length, 1);
  });

  it('refuses to rebuild under a running server, and explains bad input', () => {
    const unknown = tool('es', ['rebuild', 'nonsense'], server.dataDir);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Unknown projection nonsense/);
    const revision = tool('es', ['state', `workout-${workoutId}`, '--revision', 'soon'], server.dataDir);
    assert.match(revision.stderr, /--revision takes a whole number/);
  });

  it('promotes and demotes a user by email, which the running server picks up', async () => {
    const promoted = tool('users', ['promote', email.toUpperCase()], server.dataDir);
    assert.equal(promoted.status, 0, promoted.stderr);
    assert.match(promoted.stdout, /is now an admin/);
    const deadline = Date.now() + 3000;
    while ((await server.readStore.get<{ id: string; role: string }>('users', userId))?.role !== 'admin') {
      assert.ok(Date.now() < deadline, 'the server projected the role change');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(tool('users', ['demote', email], server.dataDir).stdout, /is now a regular user/);
    const missing = tool('users', ['promote', 'nobody@example.com'], server.dataDir);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /No user with the email/);
  });

  it('rebuilds only while no projections process holds the projector lease on the stores', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'es-lease-'));
    const projector = new SqliteLease(path.join(dataDir, 'read.sqlite'), {
      name: PROJECTOR_LEASE,
      holder: 'a projections process',
      ttlMs: 60_000,
    });
    try {
      const fence = await projector.acquire();
      assert.ok(fence);
      const refused = tool('es', ['rebuild', 'all'], dataDir);
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /holds the projector lease/);

      await projector.release(fence);
      const rebuilt = tool('es', ['rebuild', 'workouts'], dataDir);
      assert.equal(rebuilt.status, 0, rebuilt.stderr);
      assert.match(rebuilt.stdout, /rebuilt workouts/);
      assert.ok(await projector.acquire(), 'the tool let the lease go when it was done');
    } finally {
      await projector.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
