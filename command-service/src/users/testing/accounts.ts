import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { UserNotFound } from '../errors.ts';
import { accountSignedInTo } from '../sign-in/credentials.ts';
import { userIdOfEmail } from '../sign-in/email-claims.ts';
import { confirmPassword } from '../sign-in/passwords.ts';
import { newAccount } from '../sign-in/registration.ts';
import { newSession } from '../sign-in/session-tokens.ts';
import { SignInThrottle } from '../sign-in-limits/sign-in-throttle.ts';
import { runUserCommand, userStateOf } from '../user-stream.ts';

const TTL = { remember: 30, session: 1 };
const DEVICE = 'Unknown device';

/**
 * Accounts registered, signed in to and deleted without HTTP, for tests and benches of what
 * follows (the erasure): the same steps and user commands the sign-in and account routes run
 * (counting wrong passwords in this process), with `admins` admins counted when an admin leaves.
 */
export function accountsWithoutHttp(handler: CommandHandler, options: { admins: number }) {
  const throttle = new SignInThrottle();
  const at = (context: CommandContext) => context.now.toISOString();
  return {
    async register(input: { name: string; email: string; password: string }, context: CommandContext) {
      const { command } = await newAccount(handler, { ...input, device: DEVICE }, TTL, context);
      await runUserCommand(handler, { ...command, at: at(context) }, context);
      return { user: { id: command.userId, role: command.role } };
    },

    async login(input: { email: string; password: string; remember: boolean }, context: CommandContext) {
      const { userId } = await accountSignedInTo(handler, throttle, input, context.now);
      const { token } = newSession(DEVICE, input.remember, TTL, context.now);
      await runUserCommand(handler, { type: 'IssueToken', userId, at: at(context), token }, context);
      return { user: { id: userId } };
    },

    async deleteAccount(userId: string, confirmation: { password: string }, context: CommandContext) {
      const state = await userStateOf(handler, userId);
      if (!state.registered) throw new UserNotFound();
      const passwordMatches = await confirmPassword(throttle, state, confirmation.password, context.now);
      const admins = state.role === 'admin' ? options.admins : null;
      const command = { type: 'DeleteOwnAccount', userId, at: at(context), passwordMatches, admins } as const;
      return (await runUserCommand(handler, command, context)).position;
    },

    userIdOfEmail: (email: string) => userIdOfEmail(handler, email),
  };
}
