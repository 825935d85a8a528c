import type { Language } from '@fitness/contracts';
import type { Mailer } from '../mailer.ts';
import { type MailContent, render } from './layout.ts';
import { passwordChangedMail } from './password-changed.ts';
import { resetPasswordMail } from './reset-password.ts';
import { verifyEmailMail } from './verify-email.ts';

type Recipient = { to: string; name: string; language: Language };

/**
 * The mails of account security: verifying an address, resetting and changing a password. They
 * are essential, so they go out whatever the admins' or the user's notification switches say:
 * nothing here consults them. Links point at the web app's screens under `publicUrl`.
 */
export class AccountMails {
  private readonly options: { mailer: Mailer; publicUrl: string; siteName: () => Promise<string> };

  constructor(options: { mailer: Mailer; publicUrl: string; siteName: () => Promise<string> }) {
    this.options = options;
  }

  /** The signed verification link (the `verify-email` token). */
  verifyEmail(recipient: Recipient, token: string) {
    const link = `${this.options.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return this.send(recipient, link, (siteName) =>
      verifyEmailMail(recipient.language, { siteName, name: recipient.name, email: recipient.to, link }),
    );
  }

  /** The single-use reset link; the screen reads the token and the address from it. */
  resetPassword(recipient: Recipient, token: string) {
    const query = new URLSearchParams({ token, email: recipient.to });
    const link = `${this.options.publicUrl}/reset-password?${query}`;
    return this.send(recipient, link, (siteName) =>
      resetPasswordMail(recipient.language, { siteName, name: recipient.name, link }),
    );
  }

  passwordChanged(recipient: Recipient, at: Date) {
    const forgotLink = `${this.options.publicUrl}/forgot-password`;
    return this.send(recipient, undefined, (siteName) =>
      passwordChangedMail(recipient.language, { siteName, name: recipient.name, at, forgotLink }),
    );
  }

  private async send(recipient: Recipient, link: string | undefined, write: (siteName: string) => MailContent) {
    const siteName = await this.options.siteName();
    const rendered = render(recipient.language, siteName, write(siteName));
    await this.options.mailer.send({
      to: recipient.to,
      ...rendered,
      language: recipient.language,
      senderName: siteName,
      ...(link && { link }),
    });
  }
}
