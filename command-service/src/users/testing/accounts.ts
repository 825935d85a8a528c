import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { CredentialsDoNotMatch, EmailTaken, UserNotFound } from '../errors.ts';
import { claimNewAccount, holderOfEmail, roleForNewAccount, userIdOfEmail } from '../sign-in/email-claims.ts';
import { hashPassword, verifyPassword } from '../sign-in/passwords.ts';
import { newSession } from '../sign-in/session-tokens.ts';
import { runUserCommand, userStateOf } from '../user-stream.ts';

const TTL = { remember: 30, session: 1 };

/**
 * Accounts registered, signed in to and deleted without HTTP, for tests and benches of what
 * follows (the erasure): the same claims and user commands the sign-in and account routes run,
 * with `admins` admins counted when an admin leaves.
 */
export function accountsWithoutHttp(handler: CommandHandler, options: { admins: number }) {
  return {
    async register(input: { name: string; email: string; password: string }, context: CommandContext) {
      const role = await roleForNewAccount(handler);
      const email = input.email.trim();
      const passwordHash = await hashPassword(input.password);
      const account = await claimNewAccount(handler, email, role, context);
      if (!account) throw new EmailTaken();
      const { token } = newSession('Unknown device', false, TTL, context.now);
      const at = context.now.toISOString();
      await runUserCommand(
        handler,
        { type: 'Register', ...account, at, name: input.name, email, passwordHash, token },
        context,
      );
      return { user: { id: account.userId, role: account.role } };
    },

    async login(input: { email: string; password: string; remember: boolean }, context: CommandContext) {
      const holder = await holderOfEmail(handler, input.email);
      const passwordHash = holder?.state.passwordHash;
      if (!holder || !passwordHash || !(await verifyPassword(passwordHash, input.password))) {
        throw new CredentialsDoNotMatch();
      }
      const { token } = newSession('Unknown device', input.remember, TTL, context.now);
      const at = context.now.toISOString();
      await runUserCommand(handler, { type: 'IssueToken', userId: holder.userId, at, token }, context);
      return { user: { id: holder.userId } };
    },

    async deleteAccount(userId: string, confirmation: { password: string }, context: CommandContext) {
      const state = await userStateOf(handler, userId);
      if (!state.passwordHash) throw new UserNotFound();
      const passwordMatches = await verifyPassword(state.passwordHash, confirmation.password);
      const admins = state.role === 'admin' ? options.admins : null;
      const at = context.now.toISOString();
      const command = { type: 'DeleteOwnAccount', userId, at, passwordMatches, admins } as const;
      return (await runUserCommand(handler, command, context)).position;
    },

    userIdOfEmail: (email: string) => userIdOfEmail(handler, email),
  };
}
