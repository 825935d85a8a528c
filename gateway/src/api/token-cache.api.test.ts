import assert from 'node:assert/strict';
import type { ReadStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The authenticator keeps each token's answer for a few seconds (platform/src/token-cache.ts).
 * Each test here uses a token once, so that its answer is kept, and then revokes it: the very
 * next request must be refused all the same.
 */
describe('tokens let through a moment ago', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  beforeAll(async () => {
    server = await startTestServer();
    // The first account of an empty system is its admin.
    admin = await server.register('Ada Admin');
  });
  afterAll(async () => {
    await server.close();
  });

  /** A write through the command side's requireUser, as P1's: its status. */
  const startWorkout = async (token: string) =>
    (await server.api('POST', '/workouts', { token, body: { name: 'Leg day' } })).status;

  const tokenId = (token: string) => token.split('.')[1] ?? '';

  async function signIn(email: string, password: string) {
    const response = await server.api('POST', '/auth/login', { body: { email, password } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.token as string;
  }

  /** Counts the reads of one user's document in the users read model, the store itself answering them. */
  function countReadsOfUser(readStore: ReadStore, userId: string) {
    const read = readStore.get;
    let reads = 0;
    readStore.get = function (this: ReadStore, collection, id) {
      if (collection === 'users' && id === userId) reads += 1;
      return read.call(this, collection, id);
    } as ReadStore['get'];
    return { reads: () => reads, stop: () => Object.assign(readStore, { get: read }) };
  }

  it("answers a token used a moment ago without reading its user's document again", async () => {
    const { token, user, email, password } = await server.register('Regular');
    // The registration's own change notices heard, which would drop what the first use keeps.
    await server.runner.waitFor(['users'], await server.eventStore.headPosition(), 5_000);
    const counter = countReadsOfUser(server.readStore, user.id);
    try {
      assert.equal(await startWorkout(token), 201);
      const kept = counter.reads();
      assert.ok(kept > 0, 'the first use reads the token from the users read model');
      for (let i = 0; i < 3; i++) assert.equal(await startWorkout(token), 201);
      assert.equal(counter.reads(), kept, 'the next uses are answered from what was kept');
      // A change to the user (a sign-in on another device) drops what was kept: the next use reads again.
      await signIn(email, password);
      assert.equal(await startWorkout(token), 201);
      assert.ok(counter.reads() > kept);
    } finally {
      counter.stop();
    }
  });

  it('refuses a token signed out, on the very next request', async () => {
    const { token } = await server.register('Leaving');
    assert.equal(await startWorkout(token), 201);
    assert.equal((await server.api('POST', '/auth/logout', { token })).status, 200);
    assert.equal(await startWorkout(token), 401);
  });

  it('refuses a token revoked from another device, on the very next request', async () => {
    const { token: phone, email, password } = await server.register('Two devices');
    const laptop = await signIn(email, password);
    assert.equal(await startWorkout(laptop), 201);
    const revoked = await server.api('DELETE', `/auth/tokens/${tokenId(laptop)}`, { token: phone });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    assert.equal(await startWorkout(laptop), 401);
    assert.equal(await startWorkout(phone), 201);
  });

  it("refuses the other devices' tokens once the password is changed, on the very next request", async () => {
    const { token: phone, email, password } = await server.register('New password');
    const laptop = await signIn(email, password);
    assert.equal(await startWorkout(laptop), 201);
    assert.equal(await startWorkout(phone), 201);
    const changed = await server.api('POST', '/auth/change-password', {
      token: phone,
      body: { current_password: password, password: 'a much better one', password_confirmation: 'a much better one' },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(await startWorkout(laptop), 401);
  });

  it('refuses the tokens of a user the admin deleted, on the very next request', async () => {
    const { token, user } = await server.register('Removed');
    // A read: a write of a deleted account is refused before its token is looked at.
    const listWorkouts = async () => (await server.api('GET', '/workouts', { token })).status;
    assert.equal(await listWorkouts(), 200);
    const deleted = await server.api('DELETE', `/admin/users/${user.id}`, { token: admin.token });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal(await listWorkouts(), 401);
  });

  it('lets an admin demoted a moment ago into no admin route, on the very next request', async () => {
    const { token, user } = await server.register('Briefly admin');
    const promoted = await server.api('PATCH', `/admin/users/${user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
    assert.equal((await server.api('GET', '/admin/stats', { token })).status, 200);
    const demoted = await server.api('PATCH', `/admin/users/${user.id}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    assert.equal(demoted.status, 200, JSON.stringify(demoted.body));
    assert.equal((await server.api('GET', '/admin/stats', { token })).status, 403);
  });
});
