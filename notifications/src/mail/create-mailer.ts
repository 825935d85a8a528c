import path from 'node:path';
import type { Config } from '@fitness/platform/config.ts';
import { FileMailer, type MailLogger } from './file-mailer.ts';
import type { Mailer } from './mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

/** The mail adapter the configuration names: SMTP, or .eml files under DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, logger: MailLogger): Mailer {
  const { transport, smtpUrl, from } = config.mail;
  if (transport === 'smtp') {
    if (!smtpUrl) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL');
    return new SmtpMailer(smtpUrl, from);
  }
  return new FileMailer(path.join(config.dataDir, 'mail'), from, logger);
}
