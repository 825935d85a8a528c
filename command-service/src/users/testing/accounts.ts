import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { AdminSeats } from '../admins/admin-seats.ts';
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
 * (counting wrong passwords in this process, the admins' claim in the store), with `admins`
 * admins in all when an admin registered here leaves: the others are counted when the claim
 * starts, as admins older than it would be.
 */
export function accountsWithoutHttp(handler: CommandHandler, options: { admins: number }) {
  const throttle = new SignInThrottle();
  const others = Array.from({ length: options.admins - 1 }, (_, index) => `standing-admin-${index + 1}`);
  const seats = new AdminSeats(handler, async () => others);
  const at = (context: CommandContext) => context.now.toISOString();
  return {
    async register(input: { name: string; email: string; password: string }, context: CommandContext) {
      const { command } = await newAccount(handler, { ...input, device: DEVICE }, TTL, context);
      const { state } = await runUserCommand(handler, { ...command, at: at(context) }, context);
      await seats.seat(command.userId, state, context);
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
      const deleted = await seats.change(userId, 'own-deletion', context, (release) =>
        runUserCommand(
          handler,
          { type: 'DeleteOwnAccount', userId, at: at(context), passwordMatches, release },
          context,
        ),
      );
      return deleted.position;
    },

    userIdOfEmail: (email: string) => userIdOfEmail(handler, email),
  };
}
