import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.ts';
import { messageOf } from './message.ts';

/** Sends through an SMTP server (SMTP_URL: smtp(s)://user:password@host:port). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.from = from;
  }

  async send(mail: Mail) {
    await this.transport.sendMail(messageOf(mail, this.from));
  }
}
