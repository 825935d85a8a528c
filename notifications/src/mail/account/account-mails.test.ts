import assert from 'node:assert/strict';
import { LANGUAGES } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SmtpMailer } from '../smtp-mailer.ts';
import { recipients, type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server.ts';
import { AccountMails } from './account-mails.ts';

describe('account mails', () => {
  let smtp: SmtpTestServer;
  let mails: AccountMails;
  let siteName = 'Stride';
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    mails = new AccountMails({
      mailer: new SmtpMailer(smtp.url, 'no-reply@fitness.example.com'),
      publicUrl: 'https://fitness.example.com',
      siteName: async () => siteName,
    });
  });
  afterAll(() => smtp?.close());
  const delivered = (to: string) => smtp.waitForMail((mail) => recipients(mail).includes(to));

  it('writes each mail in en, de and ar, with text and HTML parts, Arabic right to left', async () => {
    for (const language of LANGUAGES) {
      const to = `verify-${language}@example.com`;
      await mails.verifyEmail({ to, name: 'Sara', language }, 'signed.token');
      const mail = await delivered(to);
      assert.match(
        String(mail.html),
        new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`),
      );
      assert.ok(mail.text?.includes('https://fitness.example.com/verify-email?token=signed.token'), mail.text);
      assert.ok(String(mail.html).includes('href="https://fitness.example.com/verify-email?token=signed.token"'));
      assert.ok(mail.subject?.includes('Stride'));
      assert.equal(mail.headers.get('content-language'), language);
    }
    assert.equal((await delivered('verify-de@example.com')).subject, 'Bestätige deine E-Mail-Adresse für Stride');
    assert.equal((await delivered('verify-ar@example.com')).subject, 'تأكيد عنوان بريدك الإلكتروني في Stride');
  });

  it('signs with the site name an admin chose, and escapes names in the HTML part', async () => {
    siteName = 'Lift & <Run>';
    try {
      const to = 'escaped@example.com';
      await mails.resetPassword({ to, name: '<img src=x onerror=alert(1)>', language: 'en' }, 'raw-token');
      const mail = await delivered(to);
      assert.equal(mail.subject, 'Reset your Lift & <Run> password');
      assert.deepEqual(mail.from?.value, [{ address: 'no-reply@fitness.example.com', name: 'Lift & <Run>' }]);
      const html = String(mail.html);
      assert.ok(!html.includes('<img'), html);
      assert.ok(html.includes('Hello &lt;img src=x onerror=alert(1)&gt;,'));
      assert.ok(html.includes('— Lift &amp; &lt;Run&gt;'));
      assert.ok(mail.text?.includes('Hello <img src=x onerror=alert(1)>,'));
      assert.ok(
        mail.text?.includes('https://fitness.example.com/reset-password?token=raw-token&email=escaped%40example.com'),
      );
    } finally {
      siteName = 'Stride';
    }
  });

  it('tells of a changed password with the way back in', async () => {
    const to = 'changed@example.com';
    await mails.passwordChanged({ to, name: 'Ada', language: 'de' }, new Date('2026-11-23T09:05:00Z'));
    const mail = await delivered(to);
    assert.equal(mail.subject, 'Dein Passwort für Stride wurde geändert');
    assert.match(mail.text ?? '', /23\. November 2026 um 09:05 UTC/);
    assert.ok(mail.text?.includes('https://fitness.example.com/forgot-password'));
  });
});
