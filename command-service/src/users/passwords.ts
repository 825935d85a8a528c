import { hash, verify } from '@node-rs/argon2';

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
