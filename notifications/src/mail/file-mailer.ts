import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';
import { messageOf } from './message.ts';

export type MailLogger = { info(details: object, message: string): void };

/**
 * The embedded default: each mail, as it would have gone out, written to an .eml file (any mail
 * program opens it) in `directory`, and its subject, recipient and link logged, so `npm start`
 * needs no mail server and the person running it can still follow a verification or reset link.
 * The files hold live links, so only their owner may read them.
 */
export class FileMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private readonly directory: string;
  private readonly from: string;
  private readonly logger: MailLogger;

  constructor(directory: string, from: string, logger: MailLogger) {
    this.directory = directory;
    this.from = from;
    this.logger = logger;
  }

  async send(mail: Mail) {
    const info = await this.transport.sendMail(messageOf(mail, this.from));
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    // Sortable by time, unique within the same millisecond.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const file = path.join(this.directory, name);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written');
  }
}
