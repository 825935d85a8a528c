import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { startTestServer } from '../testing/test-server.ts';

const wrong = (email: string) => ({ email, password: 'not the password' });

describe('sign-in limits', () => {
  it('counts attempts per connection, whatever X-Forwarded-For claims, unless the proxy is trusted', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses = [];
      for (let i = 1; i <= 5; i += 1) {
        const response = await server.api('POST', '/auth/login', {
          body: wrong(`nobody${i}@example.com`),
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [422, 422, 422, 429, 429]);
      const registrations = [];
      for (let i = 1; i <= 4; i += 1) {
        const password = 'long enough';
        const response = await server.api('POST', '/auth/register', {
          body: { name: 'X', email: `x${i}@example.com`, password, password_confirmation: password },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        registrations.push(response.status);
      }
      assert.deepEqual(registrations, [201, 201, 201, 429]);
    } finally {
      await server.close();
    }
  });

  it('believes X-Forwarded-For from a proxy named in TRUST_PROXY', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '1', TRUST_PROXY: '127.0.0.1' });
    try {
      for (let i = 1; i <= 3; i += 1) {
        const response = await server.api('POST', '/auth/login', {
          body: wrong(`nobody${i}@example.com`),
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        assert.equal(response.status, 422, 'each client has its own count behind a trusted proxy');
      }
    } finally {
      await server.close();
    }
  });

  it('holds back an account guessed at from many addresses, then lets the right password in once it has waited', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const server = await startTestServer({ TRUST_PROXY: '127.0.0.1' }, { clock: () => now });
    try {
      const { email, password } = await server.register('Target');
      for (let i = 1; i <= 5; i += 1) {
        const guess = await server.api('POST', '/auth/login', {
          body: wrong(email),
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        assert.equal(guess.status, 422);
      }
      const held = await server.api('POST', '/auth/login', {
        body: { email, password },
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      assert.equal(held.status, 429, 'even the right password waits, so waiting cannot be told from a hit');
      assert.equal(held.headers.get('retry-after'), '1');
      assert.deepEqual(Object.keys(held.body), ['message']);
      assert.equal((await server.api('POST', '/auth/login', { body: wrong(email.toUpperCase()) })).status, 429);

      now = new Date(now.getTime() + 1000);
      assert.equal((await server.api('POST', '/auth/login', { body: wrong(email) })).status, 422);
      const longer = await server.api('POST', '/auth/login', { body: { email, password } });
      assert.equal(longer.status, 429);
      assert.equal(longer.headers.get('retry-after'), '2', 'each wrong password doubles the wait');

      now = new Date(now.getTime() + 2000);
      assert.equal((await server.api('POST', '/auth/login', { body: { email, password } })).status, 200);
      // The right password cleared the count: the next typo is free again.
      assert.equal((await server.api('POST', '/auth/login', { body: wrong(email) })).status, 422);
      assert.equal((await server.api('POST', '/auth/login', { body: { email, password } })).status, 200);
    } finally {
      await server.close();
    }
  });

  it('counts wrong passwords confirming an account deletion with the sign-ins', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    const server = await startTestServer({}, { clock: () => now });
    try {
      await server.register('Admin');
      const { token, email, password } = await server.register('Victim');
      for (let i = 1; i <= 4; i += 1) {
        const guess = await server.api('DELETE', '/me', { token, body: { password: `guess ${i}` } });
        assert.equal(guess.status, 422);
      }
      assert.equal((await server.api('POST', '/auth/login', { body: wrong(email) })).status, 422);
      const held = await server.api('DELETE', '/me', { token, body: { password } });
      assert.equal(held.status, 429);
      assert.ok(Number(held.headers.get('retry-after')) >= 1);
      assert.equal((await server.api('GET', '/auth/me', { token })).status, 200, 'the account is still there');
    } finally {
      await server.close();
    }
  });

  it('counts wrong current passwords of a password change with the sign-ins, then lets the right one in once it has waited', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const server = await startTestServer({}, { clock: () => now });
    try {
      await server.register('Admin');
      const { token, email, password } = await server.register('Victim');
      const change = (current: string) =>
        server.api('POST', '/auth/change-password', {
          token,
          body: { current_password: current, password: 'taken over now', password_confirmation: 'taken over now' },
        });
      const statuses = [];
      for (let i = 1; i <= 8; i += 1) statuses.push((await change(`guess ${i}`)).status);
      assert.deepEqual(statuses, [422, 422, 422, 422, 422, 429, 429, 429]);
      const held = await change(password);
      assert.equal(held.status, 429, 'even the right password waits, so waiting cannot be told from a hit');
      assert.ok(Number(held.headers.get('retry-after')) >= 1);
      assert.equal((await server.api('POST', '/auth/login', { body: { email, password } })).status, 429);

      now = new Date(now.getTime() + 15 * 60_000);
      assert.equal((await change(password)).status, 200);
    } finally {
      await server.close();
    }
  });
});
