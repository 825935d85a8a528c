import { hash, verify } from '@node-rs/argon2';
import type { SignInThrottle } from '../sign-in-limits/sign-in-throttle.ts';

/**
 * argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes, 1 lane).
 * @node-rs/argon2 ships prebuilt binaries, so nothing compiles at install time.
 */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when an email is unknown makes a failed sign-in take as long whether
 * or not the account exists, so response times do not reveal who has an account.
 */
export const decoyHash = hash('not a real password: equalises sign-in timing');

/**
 * Whether a signed-in user typed their password right (to change it, or to close the account),
 * counted with the sign-ins: a stolen token must not become a way to guess the password.
 * An account made through Google has no password to type. Throws TooManySignInAttempts while
 * the account must wait.
 */
export function confirmPassword(
  throttle: SignInThrottle,
  account: { email: string; passwordHash: string | null },
  password: string,
  now: Date,
) {
  const { passwordHash } = account;
  if (passwordHash === null) return Promise.resolve(false);
  return throttle.attempt(account.email, now, () => verifyPassword(passwordHash, password));
}
