import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Mail, Mailer } from '../mailer.ts';

/** An adapter under test, and the way to read back, parsed, what it delivered to an address. */
export type MailerUnderTest = {
  mailer: Mailer;
  /** The From address the adapter was configured with. */
  from: string;
  /** The mail delivered to `to` (waiting for it if the adapter hands over asynchronously). */
  delivered(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
};

let sent = 0;
const uniqueAddress = () => `reader${++sent}-${process.pid}@example.com`;

/** The behaviour every mail adapter must have; each adapter's test file calls this. */
export function mailerContract(name: string, open: () => Promise<MailerUnderTest>) {
  describe(`mailer contract: ${name}`, () => {
    let subject: MailerUnderTest;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject?.close());

    it('delivers the subject, the text and HTML parts, to the recipient, from the site', async () => {
      const to = uniqueAddress();
      const mail: Mail = {
        to,
        subject: 'Verify your email',
        text: 'Open https://fitness.example.com/verify-email?token=abc to verify.',
        html: '<p><a href="https://fitness.example.com/verify-email?token=abc">Verify</a></p>',
        language: 'en',
        senderName: 'Stride',
      };
      await subject.mailer.send(mail);
      const received = await subject.delivered(to);
      assert.equal(received.subject, mail.subject);
      assert.equal(received.text?.trim(), mail.text);
      assert.equal(String(received.html).trim(), mail.html);
      assert.deepEqual(received.from?.value, [{ address: subject.from, name: 'Stride' }]);
      assert.equal(received.headers.get('content-language'), 'en');
    });

    it('keeps non-Latin text intact, in the subject and both parts', async () => {
      const to = uniqueAddress();
      const mail: Mail = {
        to,
        subject: 'أكّد بريدك الإلكتروني لدى «سترايد»',
        text: 'مرحبًا يا سارة، افتح الرابط.',
        html: '<html lang="ar" dir="rtl"><body><p>مرحبًا يا سارة</p></body></html>',
        language: 'ar',
        senderName: 'سترايد',
      };
      await subject.mailer.send(mail);
      const received = await subject.delivered(to);
      assert.equal(received.subject, mail.subject);
      assert.equal(received.text?.trim(), mail.text);
      assert.match(String(received.html), /<html lang="ar" dir="rtl">/);
      assert.match(String(received.html), /مرحبًا يا سارة/);
      assert.equal(received.from?.value[0]?.name, 'سترايد');
      assert.equal(received.headers.get('content-language'), 'ar');
    });

    it('delivers each mail to its own recipient only', async () => {
      const [first, second] = [uniqueAddress(), uniqueAddress()];
      const base = { text: 'x', html: '<p>x</p>', language: 'de' };
      await subject.mailer.send({ ...base, to: first, subject: 'Erste' });
      await subject.mailer.send({ ...base, to: second, subject: 'Zweite' });
      assert.equal((await subject.delivered(first)).subject, 'Erste');
      assert.equal((await subject.delivered(second)).subject, 'Zweite');
    });
  });
}
