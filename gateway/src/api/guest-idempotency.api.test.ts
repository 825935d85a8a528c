import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Guests share no identity an Idempotency-Key could be scoped by, so a guest's key names nothing:
 * the key the first admin registered with, sent again by a stranger, replays neither the
 * first-admin seat nor the email's claim.
 */
describe('Idempotency-Key from guests', () => {
  let server: TestServer;
  const key = 'register-once';
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const register = (email: string) =>
    server.api('POST', '/auth/register', {
      headers: { 'idempotency-key': key },
      body: {
        name: 'Someone',
        email,
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      },
    });

  it('gives a stranger reusing the first admin key a plain account, not the admin seat', async () => {
    const admin = await register('first@example.com');
    assert.equal(admin.status, 201, JSON.stringify(admin.body));
    assert.equal(admin.body.user.role, 'admin');

    const stranger = await register('stranger@example.com');
    assert.equal(stranger.status, 201, JSON.stringify(stranger.body));
    assert.equal(stranger.body.user.role, 'user');
    assert.notEqual(stranger.body.user.id, admin.body.user.id);
  });

  it('refuses a second account for a taken email sent with the same key, in any case', async () => {
    const first = await register('v@example.com');
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await register('V@example.com');
    assert.equal(second.status, 422, JSON.stringify(second.body));
    assert.deepEqual(second.body.errors, { email: ['The email has already been taken.'] });

    const signIn = await server.api('POST', '/auth/login', {
      body: { email: 'V@example.com', password: 'correct horse battery' },
    });
    assert.equal(signIn.status, 200);
    assert.equal(signIn.body.user.id, first.body.user.id);
  });
});
