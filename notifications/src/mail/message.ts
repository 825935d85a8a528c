import type { SendMailOptions } from 'nodemailer';
import type { Mail } from './mailer.ts';

/** A mail as nodemailer builds it, the same for every adapter: text and HTML parts, the site's name on the From. */
export function messageOf(mail: Mail, fromAddress: string): SendMailOptions {
  return {
    from: mail.senderName ? { address: fromAddress, name: mail.senderName } : fromAddress,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Content-Language': mail.language },
  };
}
