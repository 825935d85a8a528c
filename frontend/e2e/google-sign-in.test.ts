import assert from 'node:assert/strict';
import {
  type LocalProvider,
  startLocalProvider,
} from '@fitness/command-service/google-sign-in/testing/local-provider.ts';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { freePort } from '@fitness/gateway/testing/server-process.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, seriousViolations, startApp } from './harness.ts';

/**
 * Signing in with Google in the browser, against a local OpenID Connect provider standing in for
 * Google: the product is started with GOOGLE_* pointing at it, and the browser goes through the
 * provider's own sign-in page and back to the callback screen.
 */
describe('Google sign-in in the web app', () => {
  let app: App;
  let provider: LocalProvider;

  beforeAll(async () => {
    // Google's redirect URI names the app's address, so the app's port is chosen first.
    const port = await freePort();
    const client = { clientId: 'fitness-web', clientSecret: 'local secret' };
    provider = await startLocalProvider({
      ...client,
      redirectUri: `http://127.0.0.1:${port}/oauth/google/callback`,
      accounts: [{ subject: 'sub-nora', email: 'nora@example.com', emailVerified: true, name: 'Nora Newcomer' }],
    });
    app = await startApp({
      PORT: String(port),
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      GOOGLE_ISSUER_URL: provider.issuer,
    });
    // The first account of an empty system is its admin, which could not delete itself; this one is.
    await registerUser(app.api, 'Ada Admin');
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  /** From a guest screen: Continue with Google, then the provider's own sign-in page. */
  async function continueWithGoogle(page: Page, email: string) {
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const storedUser = async (page: Page) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem('auth_user'))) ?? 'null');

  it('shows the button on Login and Register, in English and Arabic', async () => {
    for (const [locale, label] of [
      ['en', 'Continue with Google'],
      ['ar', 'المتابعة باستخدام Google'],
    ] as const) {
      for (const viewport of [undefined, PHONE]) {
        const context = await app.context({ storage: { locale }, viewport });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByRole('button', { name: label }).waitFor();
        await screenshot(page, `google-login-${locale}${viewport ? '-phone' : ''}`);
        assert.deepEqual(await seriousViolations(page), []);
        await page.goto('/register');
        await page.getByRole('button', { name: label }).waitFor();
        await context.close();
      }
    }
  });

  it('creates an account for a newcomer and opens the onboarding', async () => {
    const context = await app.context();
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await continueWithGoogle(page, 'nora@example.com');
      // Sent to the dashboard, where a new account's onboarding comes first.
      await page.waitForURL('**/onboarding');
      await page.getByRole('heading', { name: 'Your units' }).waitFor();
      const user = await storedUser(page);
      assert.equal(user.email, 'nora@example.com');
      assert.equal(user.name, 'Nora Newcomer');
      assert.equal(user.has_password, false);
      assert.notEqual(user.email_verified_at, null);

      // With no password to confirm with, deleting the account asks for the email address.
      await page.goto('/profile#delete-account');
      await page.getByRole('button', { name: 'Delete account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Your email address').fill('someone@example.com');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'That is not the email address of your account.' }).waitFor();
      await dialog.getByLabel('Your email address').fill('nora@example.com');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL('**/login');
      assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);
    } finally {
      await context.close();
    }
  });

  it('signs in the account registered with a password that holds the address, and goes where it was asked to', async () => {
    const registered = await registerUser(app.api, 'Pat Password');
    provider.addAccount({ subject: 'sub-pat', email: registered.email, emailVerified: true });
    const context = await app.context();
    const page = await context.newPage();
    try {
      await page.goto('/login?redirect=%2Fmeals');
      await continueWithGoogle(page, registered.email);
      await page.waitForURL('**/meals');
      const user = await storedUser(page);
      assert.equal(user.id, registered.user.id);
      // Nobody had verified the address: Google's word reclaims the account, without the password.
      assert.equal(user.has_password, false);
    } finally {
      await context.close();
    }
  });

  it('refuses a callback whose state is not the one this browser started, with the way back to Login', async () => {
    const context = await app.context();
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL(`${provider.issuer}/interaction/**`);
      const started = await app.api('GET', '/auth/google/redirect');
      const state = new URL(started.body.url).searchParams.get('state');
      // The state of a sign-in another browser started, with a code: refused.
      await page.goto(`/oauth/google/callback?code=some-code&state=${state}`);
      await page.getByRole('alert').filter({ hasText: 'expired or was started in another browser' }).waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);
      await page.getByRole('link', { name: 'Back to log in' }).click();
      await page.waitForURL('**/login');
    } finally {
      await context.close();
    }
  });

  it('shows why a sign-in failed, in English and Arabic', async () => {
    for (const [locale, button, title, reason] of [
      ['en', 'Continue with Google', 'Google sign-in failed', 'The sign-in was cancelled at Google.'],
      ['ar', 'المتابعة باستخدام Google', 'تعذّر تسجيل الدخول عبر Google', 'أُلغي تسجيل الدخول لدى Google.'],
    ] as const) {
      for (const viewport of [undefined, PHONE]) {
        const context = await app.context({ storage: { locale }, viewport });
        const page = await context.newPage();
        // Cancelled at the provider: Google sends the browser back with an error.
        await page.goto('/login');
        await page.getByRole('button', { name: button }).click();
        await page.waitForURL(`${provider.issuer}/interaction/**`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.waitForURL('**/oauth/google/callback?**');
        await page.getByRole('heading', { name: title }).waitFor();
        await page.getByRole('alert').filter({ hasText: reason }).waitFor();
        await screenshot(page, `google-callback-error-${locale}${viewport ? '-phone' : ''}`);
        assert.deepEqual(await seriousViolations(page), []);
        await context.close();
      }
    }
  });
});
