import type { CommandHandler } from '../../core/command-handler.ts';
import { userDecider } from '../decide.ts';
import { CredentialsDoNotMatch } from '../errors.ts';
import type { SignInThrottle } from '../sign-in-limits/sign-in-throttle.ts';
import type { UserState } from '../user.ts';
import { holderOfEmail } from './email-claims.ts';
import { decoyHash, verifyPassword } from './passwords.ts';

/**
 * The account an email and password sign in to, with its state; CredentialsDoNotMatch when
 * there is none, told alike whether the email is unknown or the password wrong (and taking as
 * long). Counted per account, whichever address the guesses come from; an unknown email is held
 * back alike (TooManySignInAttempts).
 */
export async function accountSignedInTo(
  handler: CommandHandler,
  throttle: SignInThrottle,
  credentials: { email: string; password: string },
  now: Date,
): Promise<{ userId: string; state: UserState }> {
  const { email, password } = credentials;
  let holder: { userId: string; state: UserState } | null = null;
  const valid = await throttle.attempt(email, now, async () => {
    holder = await holderOfEmail(handler, email);
    const state = holder?.state ?? userDecider.initialState();
    const matches = state.passwordHash
      ? await verifyPassword(state.passwordHash, password)
      : await verifyPassword(await decoyHash, password).then(() => false);
    return holder !== null && matches;
  });
  // Assigned in the attempt above, which TypeScript cannot see through.
  const account = holder as { userId: string; state: UserState } | null;
  if (!valid || !account) throw new CredentialsDoNotMatch();
  return account;
}
