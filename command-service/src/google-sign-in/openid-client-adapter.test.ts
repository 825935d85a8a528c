import assert from 'node:assert/strict';
import { silentLogger } from '@fitness/platform/logger.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { GoogleSignInRefused, GoogleSignInUnavailable } from './errors.ts';
import type { GoogleSignIn } from './google-sign-in.ts';
import { openIdClientSignIn } from './openid-client-adapter.ts';
import { type LocalProvider, signInAtProvider, startLocalProvider } from './testing/local-provider.ts';

const client = { clientId: 'fitness-app', clientSecret: 'local secret' };
const redirectUri = 'http://app.test/oauth/google/callback';

/** The openid-client adapter against a real OpenID Connect provider on a local port. */
describe('Google sign-in through openid-client', () => {
  let provider: LocalProvider;
  let signIn: GoogleSignIn;

  beforeAll(async () => {
    provider = await startLocalProvider({
      ...client,
      redirectUri,
      accounts: [
        { subject: 'sub-ada', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' },
        { subject: 'sub-eve', email: 'eve@example.com', emailVerified: false },
      ],
    });
    signIn = openIdClientSignIn({ ...client, issuerUrl: provider.issuer, redirectUri }, silentLogger);
  });
  afterAll(async () => {
    await provider?.close();
  });

  const refusal = async (promise: Promise<unknown>, field: string) => {
    await assert.rejects(promise, (error) => {
      assert.ok(error instanceof GoogleSignInRefused, String(error));
      assert.deepEqual(Object.keys(error.fieldErrors ?? {}), [field]);
      return true;
    });
  };

  it('starts with PKCE (S256), a state and a nonce, fresh for each sign-in', async () => {
    const first = await signIn.start();
    const second = await signIn.start();
    const url = new URL(first.url);
    assert.equal(url.origin, provider.issuer);
    assert.equal(url.searchParams.get('client_id'), client.clientId);
    assert.equal(url.searchParams.get('redirect_uri'), redirectUri);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.deepEqual(url.searchParams.get('scope')?.split(' '), ['openid', 'email', 'profile']);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(url.searchParams.get('state'), first.pending.state);
    assert.equal(url.searchParams.get('nonce'), first.pending.nonce);
    assert.notEqual(url.searchParams.get('code_challenge'), first.pending.codeVerifier, 'the verifier stays here');
    assert.notEqual(first.pending.state, second.pending.state);
    assert.notEqual(first.pending.nonce, second.pending.nonce);
    assert.notEqual(first.pending.codeVerifier, second.pending.codeVerifier);
  });

  it('finishes into the verified claims of who signed in', async () => {
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, { email: 'ada@example.com' });
    assert.deepEqual(await signIn.finish(callback, pending), {
      subject: 'sub-ada',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
  });

  it('tells an address the provider has not verified as such', async () => {
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, { email: 'eve@example.com' });
    const claims = await signIn.finish(callback, pending);
    assert.equal(claims.emailVerified, false);
    assert.equal(claims.name, null);
  });

  it("refuses a callback whose state is not the sign-in's", async () => {
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, { email: 'ada@example.com' });
    callback.set('state', `${pending.state}x`);
    await refusal(signIn.finish(callback, pending), 'state');
  });

  it('refuses an ID token carrying the nonce of another sign-in', async () => {
    const other = await signIn.start();
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, { email: 'ada@example.com' });
    await refusal(signIn.finish(callback, { ...pending, nonce: other.pending.nonce }), 'code');
  });

  it('refuses a code exchanged with the wrong PKCE verifier, and a code used twice', async () => {
    const other = await signIn.start();
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, { email: 'ada@example.com' });
    await refusal(signIn.finish(callback, { ...pending, codeVerifier: other.pending.codeVerifier }), 'code');

    const again = await signIn.start();
    const used = await signInAtProvider(again.url, redirectUri, { email: 'ada@example.com' });
    await signIn.finish(used, again.pending);
    await refusal(signIn.finish(used, again.pending), 'code');
  });

  it('tells a cancelled sign-in from the provider as its refusal', async () => {
    const { url, pending } = await signIn.start();
    const callback = await signInAtProvider(url, redirectUri, 'cancel');
    assert.equal(callback.get('error'), 'access_denied');
    await refusal(signIn.finish(callback, pending), 'error');
  });

  it('is unavailable while the provider cannot be reached', async () => {
    const down = await startLocalProvider({ ...client, redirectUri, accounts: [] });
    const issuer = down.issuer;
    await down.close();
    const unreachable = openIdClientSignIn({ ...client, issuerUrl: issuer, redirectUri }, silentLogger);
    await assert.rejects(unreachable.start(), GoogleSignInUnavailable);
  });
});
