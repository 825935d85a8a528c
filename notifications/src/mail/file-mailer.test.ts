import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { mailerContract } from './contract/mailer.contract.ts';
import { createMailer } from './create-mailer.ts';
import { FileMailer } from './file-mailer.ts';
import { readMailFiles } from './testing/mail-files.ts';
import { recipients } from './testing/smtp-test-server.ts';

mailerContract('.eml files (the embedded default)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
  const from = 'no-reply@localhost';
  const mailer = createMailer({ dataDir, mail: { transport: 'file', smtpUrl: null, from } }, { info() {} });
  const directory = path.join(dataDir, 'mail');
  return {
    mailer,
    from,
    async delivered(to) {
      const found = (await readMailFiles(directory)).find((mail) => recipients(mail).includes(to));
      if (!found) throw new Error(`no .eml file for ${to} in ${directory}`);
      return found;
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

describe('.eml file mailer', () => {
  it('logs the subject, the recipient and the link, and keeps the file private to its owner', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
    const logged: object[] = [];
    const mailer = new FileMailer(directory, 'no-reply@localhost', { info: (details) => logged.push(details) });
    try {
      const link = 'http://localhost:3000/reset-password?token=t0k3n&email=ada%40example.com';
      await mailer.send({
        to: 'ada@example.com',
        subject: 'Reset',
        text: link,
        html: '<p>x</p>',
        language: 'en',
        link,
      });
      const [name = ''] = readdirSync(directory);
      assert.ok(name.endsWith('.eml'));
      const file = path.join(directory, name);
      assert.deepEqual(logged, [{ to: 'ada@example.com', subject: 'Reset', link, file }]);
      assert.equal(statSync(file).mode & 0o777, 0o600);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
