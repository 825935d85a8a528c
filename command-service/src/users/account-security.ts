import {
  hashSecret,
  type Language,
  newSecret,
  PASSWORD_RESET_TTL_MS,
  userStream,
  VERIFICATION_LINK_TTL_MS,
} from '@fitness/contracts';
import type { AccountMails } from '@fitness/notifications/mail/account/account-mails.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import type { Signer } from '@fitness/platform/secrets.ts';
import { usersProjection } from '@fitness/projections';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import type { Accounts } from './accounts.ts';
import { type UserCommand, userDecider } from './decide.ts';
import {
  CurrentPasswordIncorrect,
  EmailAlreadyVerified,
  PasswordResetLinkInvalid,
  UserNotFound,
  VerificationLinkInvalid,
} from './errors.ts';
import { hashPassword } from './passwords.ts';
import type { UserState } from './user.ts';

/** The signer's purpose for verification links: a value signed for anything else is refused. */
const VERIFY_EMAIL = 'verify-email';

type VerificationPayload = { userId: string; email: string; expiresAt: string };

export type AccountSecurityOptions = {
  handler: CommandHandler;
  accounts: Accounts;
  signer: Signer;
  mails: AccountMails;
  logger: Logger;
};

/**
 * Verifying an address, resetting a forgotten password and changing a known one. Their mails are
 * account security, so they are sent whatever the notification switches say. The ones a request
 * must not wait for (or must not reveal the outcome of) go out in the background, their failures logged.
 */
export class AccountSecurity {
  private readonly options: AccountSecurityOptions;

  constructor(options: AccountSecurityOptions) {
    this.options = options;
  }

  /** Mails a fresh signed link to the user's address; refused once it is verified. */
  async sendVerification(userId: string, language: Language, now: Date) {
    const state = await this.stateOf(userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    if (state.verifiedEmail === state.email) throw new EmailAlreadyVerified();
    const payload: VerificationPayload = {
      userId,
      email: state.email,
      expiresAt: new Date(now.getTime() + VERIFICATION_LINK_TTL_MS).toISOString(),
    };
    // Essential: sent whatever the notification switches say.
    await this.options.mails.verifyEmail(
      { to: state.email, name: state.name, language },
      this.options.signer.sign(VERIFY_EMAIL, payload),
    );
  }

  /** The registration's verification mail, which the new account must not wait for. */
  sendVerificationInBackground(userId: string, language: Language, now: Date) {
    this.inBackground('verification', userId, () => this.sendVerification(userId, language, now));
  }

  /** Confirms the address a signed link was made for; returns the position of the event, if any. */
  async verifyEmail(token: string, context: CommandContext) {
    const payload = this.options.signer.verify<Partial<VerificationPayload>>(VERIFY_EMAIL, token);
    const { userId, email, expiresAt } = payload ?? {};
    if (typeof userId !== 'string' || typeof email !== 'string' || typeof expiresAt !== 'string') {
      throw new VerificationLinkInvalid();
    }
    const command = { type: 'VerifyEmail', userId, email, expiresAt, at: context.now.toISOString() } as const;
    return (await this.run(command, { ...context, actorId: userId })).position;
  }

  /**
   * Mails a single-use reset link when the address has an account, in the background: the
   * request asking for it is answered before (see the route), so neither the answer nor its
   * timing tells whether the address has an account. Failures are logged.
   */
  requestPasswordResetInBackground(email: string, language: Language, context: CommandContext) {
    this.requestPasswordReset(email, language, context).catch((error) =>
      this.options.logger.error({ err: error }, 'requesting a password reset failed'),
    );
  }

  private async requestPasswordReset(email: string, language: Language, context: CommandContext) {
    const userId = await this.options.accounts.userIdOfEmail(email);
    if (!userId) return;
    const secret = newSecret();
    const tokenHash = hashSecret(secret);
    const expiresAt = new Date(context.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString();
    const at = context.now.toISOString();
    const result = await this.run({ type: 'RequestPasswordReset', userId, at, tokenHash, expiresAt }, context);
    // Nothing appended: a link went out less than a minute ago.
    if (!result.appended) return;
    const { state } = result;
    // Essential: sent whatever the notification switches say.
    this.inBackground('password reset', userId, () =>
      this.options.mails.resetPassword({ to: state.email, name: state.name, language }, secret),
    );
  }

  /** Sets the password through a mailed link and signs out every device; returns the event position. */
  async resetPassword(
    input: { email: string; token: string; password: string },
    language: Language,
    context: CommandContext,
  ) {
    const userId = await this.options.accounts.userIdOfEmail(input.email);
    if (!userId) throw new PasswordResetLinkInvalid();
    const passwordHash = await hashPassword(input.password);
    const at = context.now.toISOString();
    const result = await this.run(
      { type: 'ResetPassword', userId, at, tokenHash: hashSecret(input.token), passwordHash },
      { ...context, actorId: userId },
    );
    this.notifyPasswordChanged(result.state, userId, language, context.now);
    return result.position;
  }

  /**
   * The signed-in user sets a new password, their current one confirming it: every other device
   * is signed out, the one asking stays. Returns the event position.
   */
  async changePassword(
    user: { userId: string; tokenId: string },
    input: { currentPassword: string; password: string },
    language: Language,
    context: CommandContext,
  ) {
    const state = await this.stateOf(user.userId);
    if (!state.registered || state.deleted) throw new UserNotFound();
    const right = await this.options.accounts.confirmPassword(state, input.currentPassword, context.now);
    if (!right) throw new CurrentPasswordIncorrect();
    const passwordHash = await hashPassword(input.password);
    const at = context.now.toISOString();
    const result = await this.run(
      { type: 'ChangePassword', userId: user.userId, at, passwordHash, keepTokenId: user.tokenId },
      context,
    );
    this.notifyPasswordChanged(result.state, user.userId, language, context.now);
    return result.position;
  }

  private notifyPasswordChanged(state: UserState, userId: string, language: Language, at: Date) {
    // Essential: sent whatever the notification switches say.
    this.inBackground('password changed', userId, () =>
      this.options.mails.passwordChanged({ to: state.email, name: state.name, language }, at),
    );
  }

  private inBackground(mail: string, userId: string, send: () => Promise<void>) {
    send().catch((error) => this.options.logger.error({ err: error, userId }, `sending the ${mail} mail failed`));
  }

  private run(command: UserCommand, context: CommandContext) {
    return this.options.handler.handle(userDecider, userStream(command.userId), command, context, usersProjection);
  }

  private async stateOf(userId: string) {
    const history = await this.options.handler.readStream(userStream(userId));
    return history.reduce((s, e) => userDecider.evolve(s, e as never), userDecider.initialState());
  }
}
