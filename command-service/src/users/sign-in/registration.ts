import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { EmailTaken } from '../errors.ts';
import { claimNewAccount, roleForNewAccount } from './email-claims.ts';
import { hashPassword } from './passwords.ts';
import { type NewToken, newSession, type TokenTtlDays } from './session-tokens.ts';

/**
 * What registering with a password writes on the new user's stream, once the rest is done: the
 * role the admins give new accounts (registration closed refuses), the password hashed, the email
 * claimed (EmailTaken when someone holds it) and the first-admin seat tried; with the session
 * token it signs in with. The caller runs the Register command (its moment is the context's).
 */
export async function newAccount(
  handler: CommandHandler,
  input: { name: string; email: string; password: string; device: string },
  ttl: TokenTtlDays,
  context: CommandContext,
) {
  const role = await roleForNewAccount(handler);
  const email = input.email.trim();
  const passwordHash = await hashPassword(input.password);
  const account = await claimNewAccount(handler, email, role, context);
  if (!account) throw new EmailTaken();
  const issued: NewToken = newSession(input.device, false, ttl, context.now);
  const command = {
    type: 'Register',
    ...account,
    name: input.name.trim(),
    email,
    passwordHash,
    token: issued.token,
  } as const;
  return { command, issued };
}
