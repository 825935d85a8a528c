import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { nutritionTargets } from '@fitness/contracts/nutrition/targets.ts';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { type App, expectToast, screenshot, seriousViolations, startApp, widerThanScreenBy } from './harness.ts';

/** The phone the issue was toured on: 360 px wide, with the bottom bar. */
const PHONE_360 = { width: 360, height: 740 };

type Strings = Record<string, unknown>;
const strings = Object.fromEntries(
  ['en', 'de', 'ar'].map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(import.meta.dirname, `../src/locales/${locale}.json`), 'utf8')) as Strings,
  ]),
);
/** A UI string as a locale has it (`onboarding.goal.title`), {{values}} filled in as they are shown. */
function text(locale: string, key: string, values: Record<string, string> = {}) {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], strings[locale]);
  return String(found).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const kcal = (value: number) => new Intl.NumberFormat('en').format(value);

/**
 * The first day (issue 33): the onboarding after sign-up, which sets the targets, resumes where it
 * stopped and can be skipped for good; one source for the weight; the spec's messages when the
 * server says nothing; and the verification banner, one line on a phone that can be put off.
 */
describe('the first day', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
    // The first account of a system is its admin: the users here are members, as new people are.
    await registerUser(app.api, 'First Admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A browser signed in as `account`, on a phone unless told. */
  const openAs = (account: { token: string; user: unknown }, viewport = PHONE_360) =>
    app.context({
      viewport,
      storage: { auth_token: account.token, auth_user: JSON.stringify(account.user) },
    });
  const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

  it('signs up on a phone, goes through the onboarding, and its targets are the ones the meals page and dashboard show', async () => {
    const context = await app.context({ viewport: PHONE_360 });
    const page = await context.newPage();
    try {
      await page.goto('/register');
      await page.getByLabel('Name').fill('Tess Newcomer');
      const email = `tess-${Date.now()}@example.com`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('long enough pass');
      await page.getByLabel('Confirm password').fill('long enough pass');
      await page.getByRole('button', { name: 'Create account' }).click();

      // A new account lands on the onboarding, not on a dashboard of default targets.
      await page.waitForURL('**/onboarding');
      await heading(page, 'Your units');
      await page.getByRole('radio', { name: /Metric/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();

      await heading(page, 'About you');
      // Nothing filled in: each field says what it needs, and nothing is sent.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Enter your height as a number.').waitFor();
      await page.getByRole('radio', { name: 'Female' }).check();
      await page.getByLabel('Birth date').fill('1990-04-30');
      await page.getByLabel('Height (cm)').fill('165');
      await page.getByLabel('Weight (kg)').fill('60');
      await page.getByRole('button', { name: 'Next' }).click();

      await heading(page, 'Your goal');
      await page.getByRole('radio', { name: /Lose weight/ }).check();
      await page.getByRole('radio', { name: /Lightly active/ }).check();
      const profile = {
        gender: 'female',
        birth_date: '1990-04-30',
        height: 165,
        weight: 60,
        activity_level: 'light',
        goals: ['lose_weight'],
      };
      const expected = nutritionTargets(profile);
      await page.getByText(`That makes about ${kcal(expected.kcal)} kcal a day.`).waitFor();
      assert.deepEqual(await seriousViolations(page), []);
      await page.getByRole('button', { name: 'Finish' }).click();

      await heading(page, 'Your daily targets');
      await page
        .getByTestId('onboarding-targets')
        .getByText(`${kcal(expected.kcal)} kcal`)
        .waitFor();
      await screenshot(page, 'onboarding-signed-up-done-en-phone');

      // The server sets the same targets from the profile, and the screens show them.
      const token = await page.evaluate(() => localStorage.getItem('auth_token'));
      const targets = await app.api('GET', '/nutrition/targets', { token: token ?? '' });
      assert.deepEqual(
        { kcal: targets.body.kcal, protein: targets.body.protein, missing: targets.body.missing },
        { kcal: expected.kcal, protein: expected.protein, missing: [] },
      );
      const me = await app.api('GET', '/me', { token: token ?? '' });
      assert.equal(me.body.onboarding, 'done');
      const weighIns = await app.api('GET', '/body-weight', { token: token ?? '' });
      assert.deepEqual(
        weighIns.body.data.map((entry: { weight: number }) => entry.weight),
        [60],
        'the weight is a weigh-in',
      );

      await page.getByRole('link', { name: 'Log a meal' }).click();
      await page.waitForURL('**/meals');
      await page.getByText(kcal(expected.kcal), { exact: false }).first().waitFor();
      await page.goto('/dashboard');
      await page.getByText(`of ${kcal(expected.kcal)} kcal`).waitFor();
      assert.equal(new URL(page.url()).pathname, '/dashboard', 'a finished onboarding is not offered again');
    } finally {
      await context.close();
    }
  });

  it('resumes where it stopped on the next visit, leaves the user be in the same tab, and once skipped never comes back', async () => {
    const account = await registerUser(app.api, 'Rory Resumer', { onboarding: true });
    const first = await openAs(account);
    const page = await first.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/onboarding');
    await heading(page, 'Your units');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, 'About you');
    // Leaving through the bottom bar: the rest of the app is theirs in this tab.
    await page.getByRole('link', { name: 'Dashboard' }).last().click();
    await page.getByRole('heading', { name: 'Hello, Rory Resumer' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    await first.close();

    // Another day (a new tab session): back where it stopped.
    const second = await openAs(account);
    const again = await second.newPage();
    await again.goto('/dashboard');
    await again.waitForURL('**/onboarding');
    await heading(again, 'About you');
    await again.getByRole('button', { name: 'Skip' }).click();
    await again.waitForURL('**/dashboard');
    await again.getByRole('heading', { name: 'Hello, Rory Resumer' }).waitFor();
    assert.equal((await app.api('GET', '/me', { token: account.token })).body.onboarding, 'skipped');
    await second.close();

    // Skipped: never offered again unasked, and the profile opens it again from the start.
    const third = await openAs(account);
    const later = await third.newPage();
    await later.goto('/dashboard');
    await later.getByRole('heading', { name: 'Hello, Rory Resumer' }).waitFor();
    assert.equal(new URL(later.url()).pathname, '/dashboard');
    await later.goto('/profile');
    await later.getByRole('link', { name: 'Set up my targets again' }).click();
    await later.waitForURL('**/onboarding');
    await heading(later, 'Your units');
    await third.close();
  });

  it('shows the onboarding in English, Arabic and German, light and dark, on a phone and a desktop', async () => {
    const account = await registerUser(app.api, 'Lou Looks', { onboarding: true });
    const filled = { gender: 'male', birth_date: '1988-02-11', height: 180, weight: 82.5 };
    assert.equal((await app.api('PATCH', '/me', { token: account.token, body: filled })).status, 200);
    const atBody = async () =>
      assert.equal((await app.api('PATCH', '/me', { token: account.token, body: { onboarding: 'body' } })).status, 200);
    await atBody();
    await app.eachLook(account, {
      address: '/onboarding',
      name: 'onboarding-body',
      languages: ['en', 'ar', 'de'],
      drawn: (page) =>
        page
          .locator('#onboarding-step')
          .filter({ hasText: /About you|عنك|Über dich/ })
          .waitFor(),
      after: async (page, { language, theme, device }) => {
        const look = `${language}-${theme}-${device}`;
        await page.getByRole('button', { name: text(language, 'onboarding.next') }).click();
        await heading(page, text(language, 'onboarding.goal.title'));
        await page.getByRole('radio', { name: text(language, 'profile.goalNames.maintain_weight') }).check();
        await page.getByRole('radio', { name: text(language, 'profile.activities.moderate') }).check();
        await page.locator('.onboarding-preview').filter({ hasText: /\S/ }).waitFor();
        await screenshot(page, `onboarding-goal-${look}`);
        await page.getByRole('button', { name: text(language, 'onboarding.finish') }).click();
        await page.getByTestId('onboarding-targets').waitFor();
        const overflow = await widerThanScreenBy(page);
        assert.ok(overflow <= 0, `${look}: the targets are ${overflow}px wider than the screen`);
        await screenshot(page, `onboarding-done-${look}`);
        await atBody();
      },
    });
  });

  it('keeps one weight: the latest weigh-in is the profile weight, and editing the profile weight records one', async () => {
    const account = await registerUser(app.api, 'Wes Weigher');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await app.api('PUT', `/body-weight/${yesterday}`, { token: account.token, body: { weight: 70.2 } });
    const context = await openAs(account, { width: 1280, height: 900 });
    const page = await context.newPage();
    try {
      await page.goto('/profile');
      const weight = page.getByLabel('Weight (kg)', { exact: true });
      await page.waitForFunction(() =>
        [...document.querySelectorAll('input')].some((input) => (input as HTMLInputElement).value === '70.2'),
      );
      assert.equal(await weight.inputValue(), '70.2', "the profile shows the latest weigh-in's weight");

      // Editing the profile weight records today's weigh-in: the history's latest is the same.
      await weight.fill('69.4');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Profile updated successfully!');
      const history = page.getByTestId('weight-history');
      await history.getByText(/^Latest: 69\.4 kg on /).waitFor();

      // A weigh-in recorded in the history is the profile's weight from then on.
      await history.getByLabel("Today's weight (kg)").fill('69.1');
      await history.getByRole('button', { name: 'Record' }).click();
      await history.getByText(/^Latest: 69\.1 kg on /).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('input')].some((input) => (input as HTMLInputElement).value === '69.1'),
      );
      assert.equal(await weight.inputValue(), '69.1');

      const me = await app.api('GET', '/me', { token: account.token });
      const latest = (await app.api('GET', '/body-weight', { token: account.token })).body.data.at(-1);
      assert.deepEqual([me.body.profile.weight, me.body.profile.weighed_on], [latest.weight, latest.date]);
      assert.equal(latest.weight, 69.1);

      // The weight goal is one choice: losing and gaining cannot both be chosen.
      const goal = page.getByLabel('Weight goal');
      assert.equal(await goal.evaluate((select) => (select as HTMLSelectElement).multiple), false);
      await goal.selectOption('gain_weight');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Profile updated successfully!');
      // The read model follows the write a moment later: read until it has (a read asking for no position).
      await vi.waitFor(
        async () =>
          assert.deepEqual((await app.api('GET', '/me', { token: account.token })).body.profile.goals, ['gain_weight']),
        { timeout: 5000 },
      );
      await screenshot(page, 'profile-one-weight-en-desktop');
    } finally {
      await context.close();
    }
  });

  it('says settings follow the account, and shows no control that does nothing', async () => {
    const account = await registerUser(app.api, 'Sol Settings');
    const context = await openAs(account);
    const page = await context.newPage();
    try {
      await page.goto('/settings');
      await page
        .getByText('Saved to your account as you change them, so they follow you to your other devices.')
        .waitFor();
      for (const gone of [
        'Not used yet',
        'Profile visibility',
        'Share workouts',
        'Automatic backup',
        'on this device',
      ]) {
        assert.equal(await page.getByText(gone, { exact: false }).count(), 0, `${gone} is not shown`);
      }
      // A switch that is shown does something: it is saved on the account at once.
      await page.getByRole('switch', { name: 'Rate how hard each set felt (RPE)' }).check();
      await expectToast(page, 'Settings Saved');
      const saved = async () =>
        (await app.api('GET', '/me/settings', { token: account.token })).body.settings.trackRpe === true;
      assert.ok(await waitUntil(saved, 5000), 'the switch reached the account');
      await screenshot(page, 'settings-en-phone');
    } finally {
      await context.close();
    }
  });

  describe("spec section 8's messages, when the server answers without one", () => {
    /** Every call to `url` answered with `status` and an empty body. */
    const answerEmpty = (page: Page, url: string, status: number) =>
      page.route(`**/api/v1${url}`, (route) => route.fulfill({ status, body: '' }));

    for (const [locale, status] of [
      ['en', 400],
      ['ar', 500],
      ['de', 400],
    ] as const) {
      it(`says '${text(locale, 'errors.loginFailed')}' for a failed sign-in (${status}, ${locale})`, async () => {
        const context = await app.context({ viewport: PHONE_360, storage: { locale } });
        const page = await context.newPage();
        await answerEmpty(page, '/auth/login', status);
        await page.goto('/login');
        await page.locator('input[name="email"]').fill('someone@example.com');
        await page.locator('input[name="password"]').fill('a password');
        await page.locator('form button[type="submit"]').click();
        await page
          .getByRole('alert')
          .filter({ hasText: text(locale, 'errors.loginFailed') })
          .waitFor();
        assert.equal(await page.getByText('Bad Request').count(), 0);
        await screenshot(page, `login-failed-${locale}-phone`);
        await context.close();
      });
    }

    it("says 'Registration failed' for a failed registration", async () => {
      const context = await app.context({ viewport: PHONE_360 });
      const page = await context.newPage();
      await answerEmpty(page, '/auth/register', 400);
      await page.goto('/register');
      await page.getByLabel('Name').fill('Nobody');
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('long enough pass');
      await page.getByLabel('Confirm password').fill('long enough pass');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('alert').filter({ hasText: 'Registration failed' }).waitFor();
      assert.equal(await page.getByText('Bad Request').count(), 0);
      await context.close();
    });

    it("says 'Failed to send reset email' when asking for a reset link fails", async () => {
      const context = await app.context({ viewport: PHONE_360 });
      const page = await context.newPage();
      await answerEmpty(page, '/password/forgot', 400);
      await page.goto('/forgot-password');
      await page.locator('input[name="email"]').fill('someone@example.com');
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: 'Failed to send reset email' }).waitFor();
      await context.close();
    });

    it("says 'Failed to reset password' when setting the new password fails", async () => {
      const context = await app.context({ viewport: PHONE_360 });
      const page = await context.newPage();
      await answerEmpty(page, '/password/reset', 404);
      await page.goto('/reset-password?token=abc&email=someone%40example.com');
      await page.locator('input[name="password"]').fill('a new long password');
      await page.locator('input[name="password_confirmation"]').fill('a new long password');
      await page.locator('form button[type="submit"]').click();
      await page.getByRole('alert').filter({ hasText: 'Failed to reset password' }).waitFor();
      assert.equal(await page.getByText('Not Found').count(), 0);
      await context.close();
    });

    it("says 'Failed to fetch user' when the route guard cannot fetch the signed-in user", async () => {
      const account = await registerUser(app.api, 'Fay Fetch');
      const context = await openAs(account);
      const page = await context.newPage();
      await answerEmpty(page, '/auth/me', 400);
      await page.goto('/dashboard');
      await expectToast(page, 'Failed to fetch user');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/dashboard');
      await context.close();
    });
  });

  it('shows the verification banner as one line on a phone, its details on demand, put off until a new tab', async () => {
    const account = await registerUser(app.api, 'Vic Unverified');
    for (const language of ['en', 'de', 'ar'] as const) {
      const context = await app.signedInAs(account, { viewport: PHONE_360, settings: { language } });
      const page = await context.newPage();
      await page.goto('/workouts');
      const banner = page.locator('.verify-banner');
      await banner.waitFor();
      const line = await banner.locator('.verify-banner-line').boundingBox();
      const whole = await banner.boundingBox();
      const resend = await banner.getByRole('button', { name: text(language, 'verifyBanner.resend') }).boundingBox();
      const short = await banner.getByText(text(language, 'verifyBanner.short')).boundingBox();
      await screenshot(page, `verify-banner-${language}-phone`);
      const clipped = await banner
        .locator('.verify-banner-short')
        .evaluate((sentence) => sentence.scrollWidth - sentence.clientWidth);
      assert.ok(clipped <= 0, `${language}: the sentence is cut by ${clipped}px`);
      assert.ok(line && whole && resend && short);
      // One line: the sentence and its buttons side by side, the banner no taller than a button row.
      assert.ok(whole.height <= 48, `${language}: the banner is ${whole.height}px tall`);
      assert.ok(Math.abs(resend.y + resend.height / 2 - (short.y + short.height / 2)) < 4, `${language}: one line`);

      const toggle = banner.getByRole('button', { name: text(language, 'verifyBanner.short') });
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await banner.locator('.verify-banner-details').getByText(account.email).waitFor();
      await screenshot(page, `verify-banner-details-${language}-phone`);

      await banner.getByRole('button', { name: text(language, 'verifyBanner.dismiss') }).click();
      await banner.waitFor({ state: 'detached' });
      // Put off for the session: not on the next screen, nor after a reload.
      await page
        .getByRole('link', { name: text(language, 'nav.tabs.meals') })
        .last()
        .click();
      await page.waitForURL('**/meals');
      await page.locator('.content h1').first().waitFor();
      assert.equal(await banner.count(), 0);
      await page.reload();
      await page.locator('.content h1').first().waitFor();
      assert.equal(await banner.count(), 0);
      await context.close();
    }
    // A new tab session asks again.
    const context = await openAs(account);
    const page = await context.newPage();
    await page.goto('/workouts');
    await page.locator('.verify-banner').waitFor();
    await context.close();
  });
});
