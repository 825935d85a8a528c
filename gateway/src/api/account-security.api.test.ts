import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type RecordedEvent, userStream, WEAK_PASSWORD_MESSAGE } from '@fitness/contracts';
import {
  recipients,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@fitness/notifications/mail/testing/smtp-test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const APP_URL = 'https://fitness.example.com';

type ParsedMail = Awaited<ReturnType<SmtpTestServer['waitForMail']>>;

/** The link a mail is about, from its text part. */
function linkIn(mail: ParsedMail, path: string) {
  const found = mail.text?.match(new RegExp(`${APP_URL}${path}\\?\\S+`));
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(found[0]);
}

/** Email verification, password reset and change over real HTTP, the mails read from a real SMTP server. */
describe('account security (verification, reset, change password)', () => {
  let smtp: SmtpTestServer;
  let server: TestServer;
  /** How far ahead of real time the server's clock runs. */
  let offsetMs = 0;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startTestServer(
      { SMTP_URL: smtp.url, APP_URL, MAIL_FROM: 'no-reply@fitness.example.com' },
      { clock: () => new Date(Date.now() + offsetMs) },
    );
    await server.register('First Admin');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const mailTo = (address: string, subject: RegExp) =>
    smtp.waitForMail((mail) => recipients(mail).includes(address.toLowerCase()) && subject.test(mail.subject ?? ''));
  /** Runs with the server's clock moved ahead, then puts it back. */
  async function later<T>(ms: number, run: () => Promise<T>) {
    offsetMs = ms;
    try {
      return await run();
    } finally {
      offsetMs = 0;
    }
  }

  describe('email verification', () => {
    it('mails a link on registration that verifies the address, once or twice alike', async () => {
      const user = await server.register('Vera');
      assert.equal(user.user.email_verified_at, null);
      const mail = await mailTo(user.email, /^Verify your email address for Stride$/);
      assert.match(String(mail.html), /<html lang="en" dir="ltr">/);
      const token = linkIn(mail, '/verify-email').searchParams.get('token');

      const verified = await server.api('POST', '/auth/verify-email', { body: { token } });
      assert.equal(verified.status, 200, JSON.stringify(verified.body));
      const me = await server.api('GET', '/auth/me', { token: user.token });
      assert.ok(me.body.email_verified_at, JSON.stringify(me.body));
      const again = await server.api('POST', '/auth/verify-email', { body: { token } });
      assert.equal(again.status, 200);
      assert.equal(
        (await server.api('GET', '/auth/me', { token: user.token })).body.email_verified_at,
        me.body.email_verified_at,
      );

      const resend = await server.api('POST', '/auth/verify-email/resend', { token: user.token });
      assert.equal(resend.status, 409);
    });

    it('writes the mail in the language the request asks for', async () => {
      const response = await server.api('POST', '/auth/register', {
        headers: { 'accept-language': 'ar' },
        body: {
          name: 'سارة',
          email: 'sara-ar@example.com',
          password: 'correct horse',
          password_confirmation: 'correct horse',
        },
      });
      assert.equal(response.status, 201);
      const mail = await mailTo('sara-ar@example.com', /تأكيد عنوان بريدك الإلكتروني في Stride/);
      assert.match(String(mail.html), /<html lang="ar" dir="rtl">/);
      assert.match(mail.text ?? '', /مرحبًا سارة،/);
    });

    it('refuses a tampered link, a link signed for another purpose, and an expired one', async () => {
      const user = await server.register('Tampered');
      const token = linkIn(await mailTo(user.email, /^Verify/), '/verify-email').searchParams.get('token') ?? '';
      const [body, mac] = token.split('.');
      const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
      const forged = `${Buffer.from(JSON.stringify({ ...payload, expiresAt: '2999-01-01T00:00:00.000Z' })).toString('base64url')}.${mac}`;
      for (const bad of [forged, `${token}x`, 'not-a-token']) {
        const refused = await server.api('POST', '/auth/verify-email', { body: { token: bad } });
        assert.equal(refused.status, 422);
        assert.deepEqual(refused.body.errors, { token: ['This verification link is not valid. Ask for a new one.'] });
      }

      const expired = await later(24 * 3_600_000 + 60_000, () =>
        server.api('POST', '/auth/verify-email', { body: { token } }),
      );
      assert.equal(expired.status, 422);
      assert.deepEqual(expired.body.errors, { token: ['This verification link has expired. Ask for a new one.'] });
      assert.equal((await server.api('GET', '/auth/me', { token: user.token })).body.email_verified_at, null);
      // Still within the day, the same link works.
      const inTime = await later(23 * 3_600_000, () => server.api('POST', '/auth/verify-email', { body: { token } }));
      assert.equal(inTime.status, 200);
    });

    it('mails a new link on request, a few times a quarter hour at most', async () => {
      const user = await server.register('Resender');
      await mailTo(user.email, /^Verify/);
      const before = smtp.mailsTo(user.email).length;
      for (let i = 0; i < 3; i += 1) {
        const sent = await server.api('POST', '/auth/verify-email/resend', {
          token: user.token,
          headers: { 'accept-language': 'de' },
        });
        assert.equal(sent.status, 200, JSON.stringify(sent.body));
      }
      const limited = await server.api('POST', '/auth/verify-email/resend', { token: user.token });
      assert.equal(limited.status, 429);
      assert.match(limited.body.message, /Too many attempts/);
      assert.equal(smtp.mailsTo(user.email).length, before + 3);
      const german = smtp.mailsTo(user.email).at(-1);
      assert.equal(german?.subject, 'Bestätige deine E-Mail-Adresse für Stride');
      assert.equal((await server.api('POST', '/auth/verify-email/resend')).status, 401);
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for an unknown email, and mails only the known one', async () => {
      const user = await server.register('Forgetful');
      const unknown = await server.api('POST', '/password/forgot', { body: { email: 'nobody-here@example.com' } });
      const known = await server.api('POST', '/password/forgot', { body: { email: user.email } });
      assert.equal(unknown.status, 200);
      assert.deepEqual(unknown.body, known.body);
      assert.equal(
        known.body.message,
        'If an account exists for that email, we have sent a link to reset its password.',
      );
      await mailTo(user.email, /^Reset your Stride password$/);
      // Asked before the known address's mail, which has arrived: the unknown one got none.
      assert.deepEqual(smtp.mailsTo('nobody-here@example.com'), []);
      const invalid = await server.api('POST', '/password/forgot', { body: { email: 'not an email' } });
      assert.equal(invalid.status, 422);
      assert.ok(invalid.body.errors.email);
    });

    it('answers before anything is written for a known address, as for an unknown one', async () => {
      const user = await server.register('Timed');
      const resets = async () =>
        (await server.eventStore.readStream(userStream(user.user.id))).filter(
          (event) => event.type === 'PasswordResetRequested',
        );
      // The resets recorded the moment each answer has been sent, read right then.
      const atAnswer: Promise<RecordedEvent[]>[] = [];
      const watch = (request: IncomingMessage, response: ServerResponse) => {
        if (request.url === '/api/v1/password/forgot')
          response.prependListener('finish', () => atAnswer.push(resets()));
      };
      server.app.server.prependListener('request', watch);
      try {
        const known = await server.api('POST', '/password/forgot', { body: { email: user.email } });
        const unknown = await server.api('POST', '/password/forgot', { body: { email: 'nobody-timed@example.com' } });
        assert.deepEqual([known.status, unknown.status], [200, 200]);
        assert.deepEqual(known.body, unknown.body);
        assert.equal(atAnswer.length, 2);
        assert.deepEqual(await atAnswer[0], [], 'nothing was recorded before the answer');
      } finally {
        server.app.server.off('request', watch);
      }
      // Once the answer is out, the link is recorded and mailed.
      await mailTo(user.email, /^Reset your Stride password$/);
      assert.equal((await resets()).length, 1);
    });

    it('sets the password with the mailed link once, and signs out every device', async () => {
      const user = await server.register('Resetter');
      const other = await server.api('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      const live = await connectLive(server.baseUrl, other.body.token);
      const dropped = new Promise<string>((resolve) => live.socket.once('disconnect', resolve));

      await server.api('POST', '/password/forgot', { body: { email: user.email } });
      const link = linkIn(await mailTo(user.email, /^Reset/), '/reset-password');
      const token = link.searchParams.get('token') ?? '';
      assert.equal(link.searchParams.get('email'), user.email);
      const password = 'a brand new secret';

      const mismatch = await server.api('POST', '/password/reset', {
        body: { email: user.email, token, password, password_confirmation: 'something else' },
      });
      assert.equal(mismatch.status, 422);
      assert.deepEqual(mismatch.body.errors, { password_confirmation: ['Passwords do not match'] });
      const short = await server.api('POST', '/password/reset', {
        body: { email: user.email, token, password: 'short', password_confirmation: 'short' },
      });
      assert.deepEqual(short.body.errors, { password: ['The password must be 8 to 200 characters.'] });
      const wrong = await server.api('POST', '/password/reset', {
        body: { email: user.email, token: `${token.slice(0, -2)}xx`, password, password_confirmation: password },
      });
      assert.equal(wrong.status, 422);
      assert.deepEqual(wrong.body.errors, {
        token: ['This password reset link is invalid or has expired. Ask for a new one.'],
      });

      const reset = await server.api('POST', '/password/reset', {
        body: { email: user.email, token, password, password_confirmation: password },
      });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      for (const token of [user.token, other.body.token]) {
        assert.equal((await server.api('GET', '/auth/me', { token })).status, 401);
      }
      assert.equal(await dropped, 'io server disconnect');

      const used = await server.api('POST', '/password/reset', {
        body: { email: user.email, token, password: 'yet another one', password_confirmation: 'yet another one' },
      });
      assert.equal(used.status, 422);
      assert.equal(
        (await server.api('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status,
        422,
      );
      const signedIn = await server.api('POST', '/auth/login', { body: { email: user.email, password } });
      assert.equal(signedIn.status, 200);
      await mailTo(user.email, /^Your Stride password was changed$/);
    });

    it('refuses a link after its 60 minutes', async () => {
      const user = await server.register('Slow reader');
      await server.api('POST', '/password/forgot', { body: { email: user.email } });
      const token = linkIn(await mailTo(user.email, /^Reset/), '/reset-password').searchParams.get('token');
      const password = 'too late now';
      const body = { email: user.email, token, password, password_confirmation: password };
      const expired = await later(61 * 60_000, () => server.api('POST', '/password/reset', { body }));
      assert.equal(expired.status, 422);
      assert.ok(expired.body.errors.token);
      assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
    });

    it('refuses a link for another address', async () => {
      const [owner, stranger] = [await server.register('Owner'), await server.register('Stranger')];
      await server.api('POST', '/password/forgot', { body: { email: owner.email } });
      const token = linkIn(await mailTo(owner.email, /^Reset/), '/reset-password').searchParams.get('token');
      const body = { email: stranger.email, token, password: 'taken over', password_confirmation: 'taken over' };
      const refused = await server.api('POST', '/password/reset', { body });
      assert.equal(refused.status, 422);
      const unknown = await server.api('POST', '/password/reset', { body: { ...body, email: 'ghost@example.com' } });
      assert.equal(unknown.status, 422);
      assert.deepEqual(unknown.body.errors, refused.body.errors);
    });
  });

  describe('change password', () => {
    it('asks for the current password, signs out the other devices and keeps this one', async () => {
      const user = await server.register('Changer');
      const other = await server.api('POST', '/auth/login', { body: { email: user.email, password: user.password } });
      const password = 'changed on purpose';

      const wrong = await server.api('POST', '/auth/change-password', {
        token: user.token,
        body: { current_password: 'not it at all', password, password_confirmation: password },
      });
      assert.equal(wrong.status, 422);
      assert.deepEqual(wrong.body.errors, { current_password: ['The current password is incorrect.'] });
      const mismatch = await server.api('POST', '/auth/change-password', {
        token: user.token,
        body: { current_password: user.password, password, password_confirmation: 'changed by accident' },
      });
      assert.deepEqual(mismatch.body.errors, { password_confirmation: ['Passwords do not match'] });
      for (const weak of ['12345678', '        ', 'Changer!']) {
        const refused = await server.api('POST', '/auth/change-password', {
          token: user.token,
          body: { current_password: user.password, password: weak, password_confirmation: weak },
        });
        assert.equal(refused.status, 422, weak);
        assert.deepEqual(refused.body.errors, { password: [WEAK_PASSWORD_MESSAGE] }, weak);
      }
      assert.equal((await server.api('GET', '/auth/me', { token: other.body.token })).status, 200);

      const changed = await server.api('POST', '/auth/change-password', {
        token: user.token,
        headers: { 'accept-language': 'de' },
        body: { current_password: user.password, password, password_confirmation: password },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal((await server.api('GET', '/auth/me', { token: user.token })).status, 200);
      assert.equal((await server.api('GET', '/auth/me', { token: other.body.token })).status, 401);
      assert.equal((await server.api('POST', '/auth/login', { body: { email: user.email, password } })).status, 200);
      await mailTo(user.email, /^Dein Passwort für Stride wurde geändert$/);
      const anonymous = await server.api('POST', '/auth/change-password', {
        body: { current_password: password, password, password_confirmation: password },
      });
      assert.equal(anonymous.status, 401);
    });
  });

  it('lists the new routes in the OpenAPI document', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
    const { paths } = (await response.json()) as { paths: Record<string, Record<string, { responses: object }>> };
    for (const path of [
      '/auth/verify-email',
      '/auth/verify-email/resend',
      '/password/forgot',
      '/password/reset',
      '/auth/change-password',
    ]) {
      const operation = paths[`/api/v1${path}`]?.post;
      assert.ok(operation, path);
      assert.ok('429' in operation.responses, path);
    }
  });
});

describe('forgot password rate limit', () => {
  it('answers 429 past the sign-in limit per minute', async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: '2' });
    try {
      const ask = () => server.api('POST', '/password/forgot', { body: { email: 'someone@example.com' } });
      assert.equal((await ask()).status, 200);
      assert.equal((await ask()).status, 200);
      const limited = await ask();
      assert.equal(limited.status, 429);
      assert.match(limited.body.message, /Too many attempts/);
    } finally {
      await server.close();
    }
  });
});
