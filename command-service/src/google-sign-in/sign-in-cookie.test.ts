import assert from 'node:assert/strict';
import cookie from '@fastify/cookie';
import { Signer } from '@fitness/platform/secrets.ts';
import Fastify from 'fastify';
import { describe, it } from 'vitest';
import { GoogleSignInRefused } from './errors.ts';
import { keepSignIn, takeSignIn } from './sign-in-cookie.ts';

const signIn = { state: 's', nonce: 'n', codeVerifier: 'v', redirect: '/meals' };
const started = new Date('2026-11-23T10:00:00.000Z');

/** A Fastify app that keeps a sign-in at `started` and takes it back at the time the test asks. */
async function cookieApp(signer: Signer) {
  const app = Fastify();
  await app.register(cookie);
  app.get('/keep', async (_request, reply) => {
    keepSignIn(reply, signer, signIn, { now: started, secure: true });
    return {};
  });
  app.get<{ Querystring: { at: string } }>('/take', async (request, reply) => {
    try {
      return { taken: takeSignIn(request, reply, signer, new Date(request.query.at)) };
    } catch (error) {
      return { refused: error instanceof GoogleSignInRefused };
    }
  });
  return app;
}

describe('the sign-in cookie', () => {
  const signer = new Signer(Buffer.alloc(32, 1).toString('base64url'));

  async function keptCookie() {
    const app = await cookieApp(signer);
    const kept = await app.inject({ url: '/keep' });
    const [setCookie = ''] = [kept.headers['set-cookie']].flat();
    return { app, setCookie, value: setCookie.split(';')[0] ?? '' };
  }

  it('is Secure when the app is served over HTTPS, and gives back what it kept within ten minutes', async () => {
    const { app, setCookie, value } = await keptCookie();
    assert.match(setCookie, /; Secure/);
    const at = new Date(started.getTime() + 9 * 60_000).toISOString();
    const taken = await app.inject({ url: `/take?at=${at}`, headers: { cookie: value } });
    assert.deepEqual(taken.json(), { taken: signIn });
    assert.match(String(taken.headers['set-cookie']), /^google_sign_in=;/, 'and clears it');
  });

  it('is refused once ten minutes have passed, whatever the browser kept', async () => {
    const { app, value } = await keptCookie();
    const at = new Date(started.getTime() + 10 * 60_000).toISOString();
    assert.deepEqual((await app.inject({ url: `/take?at=${at}`, headers: { cookie: value } })).json(), {
      refused: true,
    });
  });

  it('is refused when signed with another key', async () => {
    const { value } = await keptCookie();
    const other = await cookieApp(new Signer(Buffer.alloc(32, 2).toString('base64url')));
    const at = started.toISOString();
    assert.deepEqual((await other.inject({ url: `/take?at=${at}`, headers: { cookie: value } })).json(), {
      refused: true,
    });
  });
});
