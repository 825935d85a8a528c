/**
 * The mail port: one message out. Adapters: SMTP (nodemailer, for real deployments) and .eml
 * files under DATA_DIR/mail (the embedded default, so the two-command start needs no mail
 * server). Who is mailed what, and whether the admins' "email notifications" switch allows it,
 * is decided by the senders, not here.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language the mail is written in (en, de, ar): sets Content-Language and, for ar, right-to-left. */
  language: string;
  /** The From address's display name (the site's name, which admins may change); the address is config.mail.from. */
  senderName?: string;
  /**
   * The one link the mail is about (verify, reset), if any. The file adapter logs it, so someone
   * running the product without a mail server can still follow it.
   */
  link?: string;
};

export interface Mailer {
  /** Resolves once the message is handed over (accepted by the SMTP server, or written). */
  send(mail: Mail): Promise<void>;
}
