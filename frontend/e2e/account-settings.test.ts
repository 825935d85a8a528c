import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, liveChannelOpen, PHONE, screenshot, seriousViolations, startApp } from './harness.ts';

/** Settings that follow the user across devices, and the devices and tokens screen. */
describe('account settings in the web app', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
    await registerUser(app.api, 'First Admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A second sign-in of an account, as another device: a browser context holding its own token. */
  async function device(account: { email: string; password: string }, viewport?: { width: number; height: number }) {
    const login = await app.api('POST', '/auth/login', {
      body: { email: account.email, password: account.password },
      headers: {
        'user-agent': viewport ? 'Mozilla/5.0 (iPhone) Version/18.1 Mobile Safari/604.1' : 'Firefox/133.0 (X11; Linux)',
      },
    });
    assert.equal(login.status, 200);
    const context = await app.context({
      viewport,
      storage: { auth_token: login.body.token, auth_user: JSON.stringify(login.body.user) },
    });
    return { context, page: await context.newPage(), token: login.body.token as string };
  }

  it("a choice made on one device reaches the user's other open device without a reload", async () => {
    const account = await registerUser(app.api, 'Two Devices');
    const laptop = await device(account);
    const phone = await device(account, PHONE);
    try {
      const phoneLive = liveChannelOpen(phone.page);
      await phone.page.goto('/dashboard');
      await phoneLive;
      assert.equal(await phone.page.locator('html').getAttribute('data-theme'), 'light');

      await laptop.page.goto('/settings');
      await laptop.page.locator('label', { hasText: /^Dark$/ }).click();
      await phone.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark', null, {
        timeout: 5000,
      });

      await laptop.page.locator('main').getByLabel('Language').selectOption('de');
      await phone.page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 5000 });
      // The phone's bottom bar, in German (its short label for the settings).
      await phone.page.getByRole('link', { name: 'Optionen' }).first().waitFor();

      // A device signed in later starts with them too.
      const tablet = await device(account);
      await tablet.page.goto('/settings');
      await tablet.page.waitForFunction(() => document.documentElement.lang === 'de');
      assert.equal(await tablet.page.locator('html').getAttribute('data-theme'), 'dark');
      await tablet.context.close();
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  });

  it('brings the language picked on the sign-in screen to the account', async () => {
    const account = await registerUser(app.api, 'Arabic Reader');
    const context = await app.context();
    const page = await context.newPage();
    try {
      await page.goto('/login');
      await page.getByRole('combobox').first().selectOption('ar');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('input[type="email"]').fill(account.email);
      await page.locator('input[type="password"]').fill(account.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/dashboard');
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl', 'the app stays in Arabic');
      let language = '';
      for (let attempt = 0; attempt < 50 && language !== 'ar'; attempt++) {
        language = (await app.api('GET', '/me/settings', { token: account.token })).body.settings.language;
        if (language !== 'ar') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(language, 'ar');
    } finally {
      await context.close();
    }
  });

  it('lists devices and tokens, makes a token shown once, and revokes it and another device', async () => {
    const account = await registerUser(app.api, 'Token Maker');
    const laptop = await device(account);
    const phone = await device(account, PHONE);
    try {
      await laptop.page.goto('/settings');
      const devices = laptop.page.getByTestId('token-session');
      await devices.nth(2).waitFor();
      assert.equal(await devices.count(), 3, 'the registration, the laptop and the phone');
      await laptop.page.getByText('This device', { exact: true }).waitFor();
      await laptop.page.getByText('Safari on iPhone').waitFor();

      await laptop.page.getByLabel('Token name').fill('Home Assistant');
      await laptop.page.getByRole('button', { name: 'Create token' }).click();
      const shown = (await laptop.page.getByTestId('new-token').textContent())?.trim() ?? '';
      assert.equal((await app.api('GET', '/me', { token: shown })).status, 200, 'the shown token works');
      await laptop.page.getByTestId('token-personal').filter({ hasText: 'Home Assistant' }).waitFor();
      assert.deepEqual(await seriousViolations(laptop.page), []);
      await laptop.page.getByRole('button', { name: 'Done' }).click();
      assert.equal(await laptop.page.getByTestId('new-token').count(), 0, 'shown once');

      await laptop.page.getByRole('button', { name: 'Revoke: Home Assistant' }).click();
      await laptop.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await laptop.page.getByTestId('token-personal').first().waitFor({ state: 'detached' });
      assert.equal((await app.api('GET', '/me', { token: shown })).status, 401);

      await laptop.page.getByRole('button', { name: 'Sign out: Safari on iPhone' }).click();
      await laptop.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
      await devices.nth(2).waitFor({ state: 'detached' });
      assert.equal((await app.api('GET', '/me', { token: phone.token })).status, 401);
      await phone.page.goto('/dashboard');
      await phone.page.waitForURL('**/login**');
    } finally {
      await laptop.context.close();
      await phone.context.close();
    }
  });

  it('shows the devices and tokens section in en and ar, desktop and phone, light and dark', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const [viewport, size] of [
        [undefined, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        for (const theme of ['light', 'dark'] as const) {
          const { context, page, account } = await app.signedIn({
            viewport,
            locale,
            settings: { theme, language: locale },
          });
          try {
            await app.api('POST', '/auth/tokens', { token: account.token, body: { name: 'Backup script' } });
            await page.goto('/settings');
            const section = page.getByTestId('token-personal').first();
            await section.waitFor();
            await section.scrollIntoViewIfNeeded();
            // The account had no settings of its own: this browser's choices stay and become the account's.
            assert.equal(await page.locator('html').getAttribute('lang'), locale);
            assert.equal(await page.locator('html').getAttribute('data-theme'), theme);
            let stored: unknown;
            for (let attempt = 0; attempt < 50 && stored !== theme; attempt++) {
              stored = (await app.api('GET', '/me/settings', { token: account.token })).body.settings.theme;
              if (stored !== theme) await new Promise((resolve) => setTimeout(resolve, 100));
            }
            assert.equal(stored, theme);
            await screenshot(page, `settings-tokens-${locale}-${size}-${theme}`);
          } finally {
            await context.close();
          }
        }
      }
    }
  });
});
