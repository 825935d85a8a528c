import assert from 'node:assert/strict';
import path from 'node:path';
import {
  type LocalProvider,
  signInAtProvider,
  startLocalProvider,
} from '@fitness/command-service/google-sign-in/testing/local-provider.ts';
import { userStream } from '@fitness/contracts';
import { readMailFiles } from '@fitness/notifications/mail/testing/mail-files.ts';
import { recipients } from '@fitness/notifications/mail/testing/smtp-test-server.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse } from '../testing/api-client.ts';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const APP_URL = 'http://app.test';
const REDIRECT_URI = `${APP_URL}/oauth/google/callback`;
const CLIENT = { clientId: 'fitness-app', clientSecret: 'local secret' };

describe('Google sign-in API', () => {
  let provider: LocalProvider;
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    provider = await startLocalProvider({
      ...CLIENT,
      redirectUri: REDIRECT_URI,
      accounts: [
        { subject: 'sub-first', email: 'first@example.com', emailVerified: true, name: 'First Person' },
        { subject: 'sub-second', email: 'second@example.com', emailVerified: true },
        { subject: 'sub-unverified', email: 'unverified@example.com', emailVerified: false },
      ],
    });
    server = await startTestServer({
      APP_URL,
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_ISSUER_URL: provider.issuer,
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
    await provider?.close();
  });

  /** The newest link to `linkPath` mailed to `to` (the embedded server writes its mails to files). */
  async function mailedLink(to: string, linkPath: string) {
    const pattern = new RegExp(`${APP_URL}${linkPath}\\?\\S+`);
    let link: string | undefined;
    const mailed = await waitUntil(async () => {
      const mails = await readMailFiles(path.join(server.dataDir, 'mail'));
      link = mails
        .filter((mail) => recipients(mail).includes(to.toLowerCase()))
        .map((mail) => mail.text?.match(pattern)?.[0])
        .findLast((found) => found !== undefined);
      return link !== undefined;
    }, 10_000);
    assert.ok(mailed && link, `no ${linkPath} link mailed to ${to}`);
    return new URL(link);
  }

  /** GET /auth/google/redirect as the browser would: the provider's URL and the cookie set with it. */
  async function start(query = '') {
    const response = await fetch(`${server.baseUrl}/api/v1/auth/google/redirect${query}`);
    const [setCookie = ''] = response.headers.getSetCookie();
    const body: ApiResponse['body'] = await response.json();
    return { status: response.status, body, setCookie, cookie: setCookie.split(';')[0] ?? '' };
  }

  async function finish(callback: URLSearchParams, cookie: string | null) {
    const response = await fetch(`${server.baseUrl}/api/v1/auth/google/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(Object.fromEntries(callback)),
    });
    const body: ApiResponse['body'] = await response.json();
    return { status: response.status, body, setCookie: response.headers.getSetCookie() };
  }

  /** A whole sign-in: start, sign in at the provider as `email`, finish. */
  async function signInWithGoogle(email: string, query = '') {
    const started = await start(query);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    return finish(await signInAtProvider(started.body.url, REDIRECT_URI, { email }), started.cookie);
  }

  it("says so on the site's public information, and describes both routes in the OpenAPI document", async () => {
    const site = await server.api('GET', '/site');
    assert.equal(site.body.google_sign_in, true);
    const { paths } = (await server.api('GET', '/openapi.json')).body;
    const redirect = paths['/api/v1/auth/google/redirect'].get;
    const callback = paths['/api/v1/auth/google/callback'].post;
    assert.deepEqual(redirect.tags, ['auth']);
    assert.deepEqual(Object.keys(redirect.responses), ['200', '400', '404', '422', '429', '503']);
    assert.deepEqual(Object.keys(callback.responses), ['200', '400', '403', '404', '413', '422', '429', '503']);
    assert.ok(callback.requestBody.content['application/json'].schema);
    assert.ok(callback.responses['200'].content['application/json'].schema.properties.redirect);
  });

  it('starts with a short-lived, HttpOnly, SameSite=Lax cookie for the Google routes only', async () => {
    const started = await start();
    assert.equal(started.status, 200);
    assert.equal(new URL(started.body.url).origin, provider.issuer);
    assert.equal(new URL(started.body.url).searchParams.get('redirect_uri'), REDIRECT_URI);
    assert.match(started.setCookie, /^google_sign_in=[^;]+;/);
    assert.match(started.setCookie, /Max-Age=600/);
    assert.match(started.setCookie, /Path=\/api\/v1\/auth\/google(;|$)/);
    assert.match(started.setCookie, /HttpOnly/);
    assert.match(started.setCookie, /SameSite=Lax/);
  });

  it('makes the first account of an empty system, without a password, admin, its email verified', async () => {
    const answer = await signInWithGoogle('first@example.com', '?redirect=%2Fworkouts%3Ftab%3D1');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.redirect, '/workouts?tab=1');
    const { user, token } = answer.body;
    assert.equal(user.email, 'first@example.com');
    assert.equal(user.name, 'First Person');
    assert.equal(user.role, 'admin');
    assert.equal(user.has_password, false);
    assert.notEqual(user.email_verified_at, null);
    // The cookie is gone once used.
    assert.ok(answer.setCookie.some((cookie) => /^google_sign_in=;.*Expires=Thu, 01 Jan 1970/.test(cookie)));
    const me = await server.api('GET', '/auth/me', { token });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, user.id);

    // The same Google account again: the same account, no second one.
    const again = await signInWithGoogle('first@example.com');
    assert.equal(again.status, 200);
    assert.equal(again.body.user.id, user.id);
    assert.equal(again.body.redirect, '/dashboard');
  });

  it('gives later accounts the default role, named after the address when Google gives no name', async () => {
    const answer = await signInWithGoogle('second@example.com');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user.role, 'user');
    assert.equal(answer.body.user.name, 'second');
  });

  it('refuses signing in with a password to an account that has none, as any wrong credentials', async () => {
    const login = await server.api('POST', '/auth/login', {
      body: { email: 'second@example.com', password: 'anything at all' },
    });
    assert.equal(login.status, 422);
    assert.deepEqual(login.body.errors, { email: ['These credentials do not match our records.'] });
  });

  it('signs in a password account whose owner verified its email, keeping its password', async () => {
    const registered = await server.register('Pat Password');
    const verifyLink = await mailedLink(registered.email, '/verify-email');
    const verified = await server.api('POST', '/auth/verify-email', {
      body: { token: verifyLink.searchParams.get('token') },
    });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    provider.addAccount({ subject: 'sub-pat', email: registered.email.toUpperCase(), emailVerified: true });
    const answer = await signInWithGoogle(registered.email);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user.id, registered.user.id);
    assert.equal(answer.body.user.has_password, true);
    // The password and the sessions made with it still work.
    const login = await server.api('POST', '/auth/login', {
      body: { email: registered.email, password: registered.password },
    });
    assert.equal(login.status, 200);
    assert.equal((await server.api('GET', '/auth/me', { token: registered.token })).status, 200);
  });

  it("reclaims an account an attacker pre-registered with the victim's email: every way in they had ends", async () => {
    // The attacker registers the victim's address with a password of their own and never verifies it,
    // makes a personal access token and keeps a live socket open.
    const victim = 'victim@example.com';
    const password = 'attacker knows this';
    const registered = await server.api('POST', '/auth/register', {
      body: { name: 'Planted', email: victim, password, password_confirmation: password },
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const attacker = registered.body.token as string;
    const personal = await server.api('POST', '/auth/tokens', { token: attacker, body: { name: 'backdoor' } });
    assert.equal(personal.status, 201);
    const socket = await connectLive(server.baseUrl, attacker);
    sockets.push(socket.socket);
    const signedOut = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    const workout = await server.api('POST', '/workouts', { token: attacker, body: { name: 'Planted workout' } });
    assert.equal(workout.status, 201);

    // The victim, who owns the address, signs in with Google.
    provider.addAccount({ subject: 'sub-victim', email: victim, emailVerified: true });
    const answer = await signInWithGoogle(victim);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { user, token } = answer.body;
    assert.equal(user.id, registered.body.user.id, 'the account and what is in it go to the owner');
    assert.equal(user.has_password, false);
    assert.notEqual(user.email_verified_at, null);

    // Every way in the attacker had is refused at once: sessions, personal token, socket, password.
    for (const old of [attacker, personal.body.plain_text_token]) {
      assert.equal((await server.api('GET', '/auth/me', { token: old })).status, 401);
    }
    assert.equal(await signedOut, 'io server disconnect');
    const login = await server.api('POST', '/auth/login', { body: { email: victim, password } });
    assert.equal(login.status, 422);
    const devices = await server.api('GET', '/auth/tokens', { token });
    assert.deepEqual(
      devices.body.data.map((device: { current: boolean }) => device.current),
      [true],
    );
    // The attacker's password confirms nothing either: the owner deletes by typing their address.
    const deleteWithPassword = await server.api('DELETE', '/me', { token, body: { password } });
    assert.equal(deleteWithPassword.status, 422);
    assert.deepEqual(Object.keys(deleteWithPassword.body.errors), ['email']);

    // The owner can give the account a password of their own through a reset link.
    assert.equal((await server.api('POST', '/password/forgot', { body: { email: victim } })).status, 200);
    const resetLink = await mailedLink(victim, '/reset-password');
    const own = 'the owner chose this';
    const reset = await server.api('POST', '/password/reset', {
      body: { email: victim, token: resetLink.searchParams.get('token'), password: own, password_confirmation: own },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal((await server.api('POST', '/auth/login', { body: { email: victim, password: own } })).status, 200);
  });

  it('refuses an address Google has not verified, making no account', async () => {
    const answer = await signInWithGoogle('unverified@example.com');
    assert.equal(answer.status, 422);
    assert.deepEqual(Object.keys(answer.body.errors), ['email']);
    const login = await server.api('POST', '/auth/login', { body: { email: 'unverified@example.com', password: 'x' } });
    assert.equal(login.status, 422);
  });

  it('refuses a tampered state, a missing or forged cookie, and a callback used twice', async () => {
    const started = await start();
    const callback = await signInAtProvider(started.body.url, REDIRECT_URI, { email: 'second@example.com' });

    const tampered = new URLSearchParams(callback);
    tampered.set('state', `${callback.get('state')}x`);
    const refused = await finish(tampered, started.cookie);
    assert.equal(refused.status, 422);
    assert.deepEqual(Object.keys(refused.body.errors), ['state']);
    assert.match(refused.body.message, /expired or was started in another browser/);

    assert.equal((await finish(callback, null)).status, 422);
    const [name, value = ''] = started.cookie.split('=');
    const forged = `${name}=${value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    assert.deepEqual(Object.keys((await finish(callback, forged)).body.errors), ['state']);

    assert.equal((await finish(callback, started.cookie)).status, 200);
    // Replayed with the cookie it came with: the provider takes a code once.
    const replayed = await finish(callback, started.cookie);
    assert.equal(replayed.status, 422);
    assert.deepEqual(Object.keys(replayed.body.errors), ['code']);
  });

  it("tells the provider's refusal (a cancelled sign-in) as such", async () => {
    const started = await start();
    const answer = await finish(await signInAtProvider(started.body.url, REDIRECT_URI, 'cancel'), started.cookie);
    assert.equal(answer.status, 422);
    assert.deepEqual(Object.keys(answer.body.errors), ['error']);
    assert.match(answer.body.message, /access_denied/);
  });

  it('refuses a redirect that leaves the app, and a callback that is not text', async () => {
    for (const redirect of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
    ]) {
      const started = await start(`?redirect=${encodeURIComponent(redirect)}`);
      assert.equal(started.status, 422, redirect);
      assert.deepEqual(Object.keys(started.body.errors), ['redirect']);
    }
    const response = await server.api('POST', '/auth/google/callback', { body: { code: 1, state: ['a'] } });
    assert.equal(response.status, 422);
  });

  it('follows the admins: closed registration refuses new accounts (403), not existing ones', async () => {
    const admin = await signInWithGoogle('first@example.com');
    const close = await server.api('PUT', '/admin/settings', {
      token: admin.body.token,
      body: { allow_registration: false },
    });
    assert.equal(close.status, 200);
    try {
      provider.addAccount({ subject: 'sub-late', email: 'late@example.com', emailVerified: true });
      const refused = await signInWithGoogle('late@example.com');
      assert.equal(refused.status, 403);
      const register = await server.api('POST', '/auth/register', {
        body: { name: 'L', email: 'late2@example.com', password: 'long enough', password_confirmation: 'long enough' },
      });
      assert.equal(refused.body.message, register.body.message);
      assert.equal((await signInWithGoogle('second@example.com')).status, 200);
    } finally {
      await server.api('PUT', '/admin/settings', { token: admin.body.token, body: { allow_registration: true } });
    }
  });

  it('lets only admins finish signing in with Google during maintenance, as with a password', async () => {
    const admin = await signInWithGoogle('first@example.com');
    const settings = (body: object) => server.api('PUT', '/admin/settings', { token: admin.body.token, body });
    assert.equal((await settings({ maintenance_mode: true, maintenance_message: 'Back soon' })).status, 200);
    const issued = async (userId: string) =>
      (await server.eventStore.readStream(userStream(userId))).filter((e) => e.type === 'AccessTokenIssued').length;
    try {
      const second = (await server.api('GET', '/admin/users?search=second%40example.com', { token: admin.body.token }))
        .body.data[0];
      assert.ok(second, 'second@example.com has an account from an earlier test');
      const sessionsBefore = await issued(second.id);
      const refused = await signInWithGoogle('second@example.com');
      assert.equal(refused.status, 503);
      assert.equal(refused.body.message, 'Back soon');
      assert.equal(await issued(second.id), sessionsBefore, 'a refused sign-in makes no session');
      // Nor does a newcomer's get as far as claiming an address or making an account.
      provider.addAccount({ subject: 'sub-newcomer', email: 'newcomer@example.com', emailVerified: true });
      assert.equal((await signInWithGoogle('newcomer@example.com')).status, 503);
      const newcomer = await server.api('GET', '/admin/users?search=newcomer', { token: admin.body.token });
      assert.deepEqual(newcomer.body.data, []);
      assert.equal((await signInWithGoogle('first@example.com')).status, 200);
    } finally {
      await settings({ maintenance_mode: false });
    }
  });

  it('deletes an account without a password once its email address confirms it', async () => {
    provider.addAccount({ subject: 'sub-leaver', email: 'leaver@example.com', emailVerified: true });
    const { token } = (await signInWithGoogle('leaver@example.com')).body;
    const withPassword = await server.api('DELETE', '/me', { token, body: { password: 'guess' } });
    assert.equal(withPassword.status, 422);
    assert.deepEqual(Object.keys(withPassword.body.errors), ['email']);
    const wrongEmail = await server.api('DELETE', '/me', { token, body: { email: 'second@example.com' } });
    assert.equal(wrongEmail.status, 422);
    const deleted = await server.api('DELETE', '/me', { token, body: { email: ' Leaver@Example.com ' } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));

    // An account with a password still needs it: its email is no confirmation.
    const registered = await server.register('Keeps Password');
    const byEmail = await server.api('DELETE', '/me', { token: registered.token, body: { email: registered.email } });
    assert.equal(byEmail.status, 422);
    assert.deepEqual(Object.keys(byEmail.body.errors), ['password']);
  });
});

describe('Google sign-in API, not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('offers no Google sign-in: the site says so and both routes answer 404', async () => {
    assert.equal((await server.api('GET', '/site')).body.google_sign_in, false);
    const redirect = await server.api('GET', '/auth/google/redirect');
    assert.equal(redirect.status, 404);
    assert.equal(redirect.body.message, 'Google sign-in is not set up on this server.');
    const callback = await server.api('POST', '/auth/google/callback', { body: { code: 'c', state: 's' } });
    assert.equal(callback.status, 404);
  });
});
