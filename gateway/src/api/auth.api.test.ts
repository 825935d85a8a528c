import assert from 'node:assert/strict';
import { WEAK_PASSWORD_MESSAGE } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('auth API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sets the XSRF-TOKEN cookie', async () => {
    const response = await fetch(`${server.baseUrl}/sanctum/csrf-cookie`);
    assert.equal(response.status, 204);
    assert.match(response.headers.get('set-cookie') ?? '', /^XSRF-TOKEN=[\w-]{20,};/);
  });

  it('makes the first user admin and later users regular', async () => {
    const first = await server.register('First');
    const second = await server.register('Second');
    assert.equal(first.user.role, 'admin');
    assert.equal(second.user.role, 'user');
    assert.equal(first.user.profile.name, 'First');
    assert.equal('tokens' in first.user, false, 'token hashes never leave the server');
  });

  it('answers /auth/me with the user, and 401 without a valid token', async () => {
    const { token, user } = await server.register('Me');
    const me = await server.api('GET', '/auth/me', { token });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, user.id);
    assert.equal(me.body.email, user.email);
    assert.equal((await server.api('GET', '/auth/me')).status, 401);
    assert.equal((await server.api('GET', '/auth/me', { token: `${token}x` })).status, 401);
    assert.equal((await server.api('GET', '/auth/me', { token: 'garbage' })).status, 401);
    const forged = token.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    assert.equal((await server.api('GET', '/auth/me', { token: forged })).status, 401);
  });

  it('refuses passwords that are too easy to guess, saying so on the field', async () => {
    const email = `weak-${Date.now()}@example.com`;
    for (const password of ['12345678', '        ', 'password1', 'aaaaaaaa', email]) {
      const refused = await server.api('POST', '/auth/register', {
        body: { name: 'Weak', email, password, password_confirmation: password },
      });
      assert.equal(refused.status, 422, password);
      assert.deepEqual(refused.body.errors, { password: [WEAK_PASSWORD_MESSAGE] }, password);
    }
    const both = await server.api('POST', '/auth/register', {
      body: { name: 'Weak', email, password: '12345678', password_confirmation: '1234567' },
    });
    assert.deepEqual(Object.keys(both.body.errors).sort(), ['password', 'password_confirmation']);
    assert.equal((await server.api('POST', '/auth/login', { body: { email, password: '12345678' } })).status, 422);
  });

  it('refuses a taken email whatever its case', async () => {
    const { email } = await server.register();
    const again = await server.api('POST', '/auth/register', {
      body: {
        name: 'X',
        email: `  ${email.toUpperCase()} `,
        password: 'another pass',
        password_confirmation: 'another pass',
      },
    });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.errors, { email: ['The email has already been taken.'] });
  });

  it('lets exactly one of many concurrent registrations of one email through', async () => {
    const email = `race-${Date.now()}@example.com`;
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.api('POST', '/auth/register', {
          body: {
            name: `R${i}`,
            email: i % 2 ? email : email.toUpperCase(),
            password: 'racing pass',
            password_confirmation: 'racing pass',
          },
        }),
      ),
    );
    assert.deepEqual(attempts.map((a) => a.status).sort(), [201, 422, 422, 422, 422, 422, 422, 422]);
  });

  it('explains every invalid registration field', async () => {
    const response = await server.api('POST', '/auth/register', {
      body: { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'short' },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(Object.keys(response.body.errors).sort(), ['email', 'name', 'password']);
    const mismatch = await server.api('POST', '/auth/register', {
      body: { name: 'M', email: 'm@example.com', password: 'long enough', password_confirmation: 'long enougH' },
    });
    assert.equal(mismatch.status, 422);
    assert.deepEqual(mismatch.body.errors, { password_confirmation: ['Passwords do not match'] });
    const missing = await server.api('POST', '/auth/register', { body: {} });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.errors.email[0], 'The email field is required.');
  });

  it('signs in with the right password only, email case-insensitive', async () => {
    const { email, password, user } = await server.register();
    const ok = await server.api('POST', '/auth/login', {
      body: { email: email.toUpperCase(), password, remember: true },
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.user.id, user.id);
    assert.equal((await server.api('GET', '/auth/me', { token: ok.body.token })).status, 200);
    const wrong = await server.api('POST', '/auth/login', { body: { email, password: 'wrong password' } });
    assert.equal(wrong.status, 422);
    assert.deepEqual(wrong.body.errors, { email: ['These credentials do not match our records.'] });
    const unknown = await server.api('POST', '/auth/login', { body: { email: 'nobody@example.com', password } });
    assert.equal(unknown.status, 422);
  });

  it('signs out: that token stops working at once, other sessions go on', async () => {
    const { token, email, password } = await server.register();
    const other = (await server.api('POST', '/auth/login', { body: { email, password } })).body.token;
    const out = await server.api('POST', '/auth/logout', { token });
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { message: 'Logged out.' });
    assert.equal((await server.api('GET', '/auth/me', { token })).status, 401);
    assert.equal((await server.api('POST', '/workouts', { token, body: { name: 'x' } })).status, 401);
    assert.equal((await server.api('GET', '/auth/me', { token: other })).status, 200);
  });

  it('rejects a malformed X-Min-Position with 422', async () => {
    const { token } = await server.register();
    const response = await server.api('GET', '/auth/me', { token, headers: { 'x-min-position': 'soon' } });
    assert.equal(response.status, 422);
  });
});

describe('X-Min-Position past the head of the log', () => {
  // A made-up position is never reached: answered at once (reads say they may be stale), not
  // held for the whole wait. The wait (a minute, the most the config allows) is longer than
  // the test may take (50 s, room for a busy machine for three requests); the server starts
  // before the test's clock runs, so a slow start cannot fail it.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ READ_YOUR_WRITES_TIMEOUT_MS: '60000' });
  });
  afterAll(() => server.close());

  it('holds neither a write nor a read', async () => {
    const { token } = await server.register();
    const headers = { 'x-min-position': '9007199254740991' };
    const write = await server.api('POST', '/workouts', { token, headers, body: { name: 'Legs' } });
    assert.equal(write.status, 201, JSON.stringify(write.body));
    const read = await server.api('GET', '/workouts', { token, headers });
    assert.equal(read.status, 200);
    assert.equal(read.headers.get('x-read-consistent'), 'false');
  }, 50_000);
});

describe('auth rate limit', () => {
  it('answers 429 after too many sign-in attempts in a minute', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await server.api('POST', '/auth/login', { body: { email: 'a@b.co', password: 'whatever' } })).status,
        );
      }
      assert.deepEqual(statuses, [422, 422, 422, 429, 429]);
      const limited = await server.api('POST', '/auth/login', { body: { email: 'a@b.co', password: 'whatever' } });
      assert.match(limited.body.message, /^Too many attempts\. Please try again in \d+ seconds\.$/);
    } finally {
      await server.close();
    }
  });
});
