import { hashSecret, type Language, newSecret, PASSWORD_RESET_TTL_MS } from '@fitness/contracts';
import type { AccountMails } from '@fitness/notifications/mail/account/account-mails.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import type { Signer } from '@fitness/platform/secrets.ts';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { EmailAlreadyVerified, UserNotFound } from '../errors.ts';
import { userIdOfEmail } from '../sign-in/email-claims.ts';
import { runUserCommand, userStateOf } from '../user-stream.ts';
import { verificationToken } from './verification-links.ts';

export type AccountSecurityMailsOptions = {
  handler: CommandHandler;
  signer: Signer;
  mails: AccountMails;
  logger: Logger;
};

/**
 * The mails of account security: verifying an address, a forgotten password's reset link, a
 * changed password's notice. They are sent whatever the notification switches say. The ones a
 * request must not wait for (or must not reveal the outcome of) go out in the background, their
 * failures logged. The rules (a link's validity, one reset mail a minute) are the user decider's.
 */
export class AccountSecurityMails {
  private readonly options: AccountSecurityMailsOptions;

  constructor(options: AccountSecurityMailsOptions) {
    this.options = options;
  }

  /** Mails a fresh signed link to the user's address; refused once it is verified. */
  async sendVerification(userId: string, language: Language, now: Date) {
    const state = await userStateOf(this.options.handler, userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    if (state.verifiedEmail === state.email) throw new EmailAlreadyVerified();
    const token = verificationToken(this.options.signer, { userId, email: state.email }, now);
    // Essential: sent whatever the notification switches say.
    await this.options.mails.verifyEmail({ to: state.email, name: state.name, language }, token);
  }

  /** The registration's verification mail, which the new account must not wait for. */
  sendVerificationInBackground(userId: string, language: Language, now: Date) {
    this.inBackground('verification', userId, () => this.sendVerification(userId, language, now));
  }

  /**
   * Mails a single-use reset link when the address has an account, in the background: the
   * request asking for it is answered before (see the route), so neither the answer nor its
   * timing tells whether the address has an account. So the link's record (RequestPasswordReset)
   * is written here, once the request is over, not by the command route. Failures are logged.
   */
  requestPasswordResetInBackground(email: string, language: Language, context: CommandContext) {
    this.requestPasswordReset(email, language, context).catch((error) =>
      this.options.logger.error({ err: error }, 'requesting a password reset failed'),
    );
  }

  /** Tells the user their password changed (by a reset link or by them), in the background. */
  passwordChangedInBackground(user: { userId: string; email: string; name: string }, language: Language, at: Date) {
    // Essential: sent whatever the notification switches say.
    this.inBackground('password changed', user.userId, () =>
      this.options.mails.passwordChanged({ to: user.email, name: user.name, language }, at),
    );
  }

  private async requestPasswordReset(email: string, language: Language, context: CommandContext) {
    const userId = await userIdOfEmail(this.options.handler, email);
    if (!userId) return;
    const secret = newSecret();
    const tokenHash = hashSecret(secret);
    const expiresAt = new Date(context.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString();
    const at = context.now.toISOString();
    const result = await runUserCommand(
      this.options.handler,
      { type: 'RequestPasswordReset', userId, at, tokenHash, expiresAt },
      context,
    );
    // Nothing appended: a link went out less than a minute ago.
    if (!result.appended) return;
    const { state } = result;
    // Essential: sent whatever the notification switches say.
    this.inBackground('password reset', userId, () =>
      this.options.mails.resetPassword({ to: state.email, name: state.name, language }, secret),
    );
  }

  private inBackground(mail: string, userId: string, send: () => Promise<void>) {
    send().catch((error) => this.options.logger.error({ err: error, userId }, `sending the ${mail} mail failed`));
  }
}
