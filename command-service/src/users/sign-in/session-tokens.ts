import { formatToken, hashSecret, newSecret, type TokenKind, type UserDocument } from '@fitness/contracts';
import { newId } from '../../core/ids.ts';
import { withStoredWeight } from '../answered-user.ts';
import type { IssuedToken } from '../decide.ts';
import { UserNotFound } from '../errors.ts';

/** How long a sign-in's token lives: longer when the person asked to be remembered. */
export type TokenTtlDays = { remember: number; session: number };

/** A token about to be issued, and the secret only its answer shows (the log keeps its hash). */
export type NewToken = { token: IssuedToken; secret: string };

const DAY_MS = 86_400_000;

/** A token that lives `days` from `now`. */
export function newToken(name: string, kind: TokenKind, days: number, now: Date): NewToken {
  const secret = newSecret();
  return {
    secret,
    token: {
      tokenId: newId(),
      tokenHash: hashSecret(secret),
      name,
      kind,
      expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    },
  };
}

/** A sign-in's token, named after the device it was made on. */
export function newSession(device: string, remember: boolean, ttl: TokenTtlDays, now: Date) {
  return newToken(device, 'session', remember ? ttl.remember : ttl.session, now);
}

/**
 * What a sign-in answers: the user (with the weight the read model holds, see withStoredWeight)
 * and the plain token, which no later answer shows again.
 */
export function signedIn(
  userId: string,
  issued: NewToken,
  document: UserDocument | null,
  stored: UserDocument | null | undefined,
) {
  if (!document) throw new UserNotFound();
  return {
    user: withStoredWeight(document, stored),
    token: formatToken(userId, issued.token.tokenId, issued.secret),
  };
}
