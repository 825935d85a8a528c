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
};

export interface Mailer {
  /** Resolves once the message is handed over (accepted by the SMTP server, or written). */
  send(mail: Mail): Promise<void>;
}
