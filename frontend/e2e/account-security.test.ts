import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import {
  recipients,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@fitness/notifications/mail/testing/smtp-test-server.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type App,
  expectToast,
  liveChannelOpen,
  SCREENSHOTS,
  screenshot,
  seriousViolations,
  startApp,
} from './harness.ts';

type Strings = Record<string, Record<string, unknown>>;
const locales = Object.fromEntries(
  ['en', 'ar'].map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(import.meta.dirname, `../src/locales/${locale}.json`), 'utf8')) as Strings,
  ]),
);
/** A UI string as the web app shows it in a locale (`auth.resetDone`), with {{values}} filled in as isolated runs. */
function text(locale: string, key: string, values: Record<string, string> = {}) {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locales[locale]);
  return String(found).replace(/\{\{(\w+)\}\}/g, (_, name: string) => `\u2068${values[name] ?? ''}\u2069`);
}

/** The mailed link's path and query, opened on the app's own origin (where the session is kept). */
function linkIn(mail: { text?: string }, route: string) {
  const found = mail.text?.match(new RegExp(`https?://\\S+${route}\\?\\S+`));
  if (!found) throw new Error(`no ${route} link in: ${mail.text}`);
  const url = new URL(found[0]);
  return `${url.pathname}${url.search}`;
}

/**
 * Forgot password through the mail to a new password, the mailed verification link, and the
 * password change in Settings, in English and Arabic; the mails read from a local SMTP server.
 */
describe('account security in the web app', () => {
  let smtp: SmtpTestServer;
  let app: App;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startApp({ SMTP_URL: smtp.url });
    await registerUser(app.api, 'First Admin');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const mailTo = (address: string, subject: RegExp) =>
    smtp.waitForMail((mail) => recipients(mail).includes(address.toLowerCase()) && subject.test(mail.subject ?? ''));
  const noSeriousViolations = async (page: Page) => assert.deepEqual(await seriousViolations(page), []);

  it('takes the verification banner away on a page left open while the email was verified elsewhere', async () => {
    const { account, context, page } = await app.signedIn();
    try {
      const live = liveChannelOpen(page);
      await page.goto('/dashboard');
      const banner = page.locator('.verify-banner');
      await banner.waitFor();
      await live;
      // The link opened on another device (here: the API, as that device's page would call it).
      const token = new URLSearchParams(
        linkIn(await mailTo(account.email, /^Verify/), '/verify-email').split('?')[1],
      ).get('token');
      assert.equal((await app.api('POST', '/auth/verify-email', { body: { token } })).status, 200);
      await banner.waitFor({ state: 'detached', timeout: 5000 });
    } finally {
      await context.close();
    }
  });

  for (const locale of ['en', 'ar'] as const) {
    it(`resets a forgotten password from the mailed link, verifies the email and changes the password (${locale})`, async () => {
      const account = await registerUser(app.api, locale === 'ar' ? 'سارة' : 'Sam Sprinter');
      const context = await app.context({ storage: { locale } });
      const page = await context.newPage();
      try {
        // Forgot password: the same answer whoever asks, and a mail in the page's language.
        await page.goto('/forgot-password');
        await page.locator('input[name="email"]').fill(account.email);
        await page.locator('form button[type="submit"]').click();
        await page
          .getByRole('status')
          .filter({ hasText: text(locale, 'auth.resetLinkSent', { email: account.email }) })
          .waitFor();
        await noSeriousViolations(page);
        await screenshot(page, `forgot-password-sent-${locale}`);
        const resetMail = await mailTo(
          account.email,
          locale === 'ar' ? /إعادة تعيين كلمة المرور/ : /^Reset your Stride password$/,
        );
        assert.match(
          String(resetMail.html),
          new RegExp(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`),
        );

        // The reset screen from the link: mismatched passwords are caught before asking the server.
        await page.goto(linkIn(resetMail, '/reset-password'));
        await page.getByText(text(locale, 'auth.resetSubtitle', { email: account.email })).waitFor();
        const newPassword = `new secret ${locale}`;
        await page.locator('input[name="password"]').fill(newPassword);
        await page.locator('input[name="password_confirmation"]').fill(`${newPassword}!`);
        await page.locator('form button[type="submit"]').click();
        await page.getByText(text(locale, 'errors.passwordsDoNotMatch')).waitFor();
        await screenshot(page, `reset-password-mismatch-${locale}`);
        await page.locator('input[name="password_confirmation"]').fill(newPassword);
        await page.locator('form button[type="submit"]').click();
        await page
          .getByRole('status')
          .filter({ hasText: text(locale, 'auth.resetDone') })
          .waitFor();
        await noSeriousViolations(page);
        await screenshot(page, `reset-password-done-${locale}`);
        assert.equal((await app.api('GET', '/auth/me', { token: account.token })).status, 401, 'signed out everywhere');

        // Sign in with the new password.
        await page.getByRole('link', { name: text(locale, 'auth.login') }).click();
        await page.locator('input[name="email"]').fill(account.email);
        await page.locator('input[name="password"]').fill(newPassword);
        await page.locator('form button[type="submit"]').click();
        await page.waitForURL('**/dashboard');

        // Not verified yet: the banner offers a new link, mailed in the page's language.
        const banner = page.locator('.verify-banner');
        await banner.waitFor();
        await screenshot(page, `verify-email-banner-${locale}`);
        await banner.getByRole('button', { name: text(locale, 'verifyBanner.resend') }).click();
        await expectToast(page, text(locale, 'auth.verifySent', { email: account.email }));
        const verifyMail = await mailTo(
          account.email,
          locale === 'ar' ? /تأكيد عنوان بريدك الإلكتروني/ : /^Verify your email/,
        );
        await page.goto(linkIn(verifyMail, '/verify-email'));
        await page
          .getByRole('status')
          .filter({ hasText: text(locale, 'auth.verified') })
          .waitFor();
        await noSeriousViolations(page);
        await screenshot(page, `verify-email-done-${locale}`);
        await page
          .getByRole('link', { name: text(locale, 'auth.continueToApp') })
          .first()
          .click();
        await page.waitForURL('**/dashboard');
        await page.locator('.content h1').first().waitFor();
        assert.equal(await banner.count(), 0, 'no banner once verified');

        // Change the password in Settings: another device is signed out, this one stays.
        const other = await app.api('POST', '/auth/login', { body: { email: account.email, password: newPassword } });
        assert.equal(other.status, 200);
        await page.goto('/settings');
        const form = page.locator('form:has(input[name="current_password"])');
        await form.scrollIntoViewIfNeeded();
        await form.locator('input[name="current_password"]').fill('not my password');
        await form.locator('input[name="password"]').fill('changed in settings');
        await form.locator('input[name="password_confirmation"]').fill('changed in settings');
        await form.locator('button[type="submit"]').click();
        await form.getByText(text(locale, 'settings.password.wrongCurrent')).waitFor();
        await page
          .locator('section:has(input[name="current_password"])')
          .screenshot({ path: path.join(SCREENSHOTS, `change-password-wrong-${locale}.png`) });
        await form.locator('input[name="current_password"]').fill(newPassword);
        await form.locator('button[type="submit"]').click();
        await expectToast(page, text(locale, 'settings.password.done'));
        await noSeriousViolations(page);
        await screenshot(page, `change-password-done-${locale}`);
        assert.equal((await app.api('GET', '/auth/me', { token: other.body.token })).status, 401);
        await page.reload();
        await form.waitFor();
        assert.ok(page.url().endsWith('/settings'), 'this device stays signed in');
        await mailTo(account.email, locale === 'ar' ? /تم تغيير كلمة المرور/ : /password was changed$/);
      } finally {
        await context.close();
      }
    });
  }
});
