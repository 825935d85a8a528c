import { VERIFICATION_LINK_TTL_MS } from '@fitness/contracts';
import type { Signer } from '@fitness/platform/secrets.ts';
import { VerificationLinkInvalid } from '../errors.ts';

/** The signer's purpose for verification links: a value signed for anything else is refused. */
const VERIFY_EMAIL = 'verify-email';

/** What a verification link vouches for: the address it was mailed to, for whom, until when. */
export type VerificationLink = { userId: string; email: string; expiresAt: string };

/** A signed link's token for the address the user has now, valid for a day from `now`. */
export function verificationToken(signer: Signer, user: { userId: string; email: string }, now: Date) {
  const link: VerificationLink = {
    ...user,
    expiresAt: new Date(now.getTime() + VERIFICATION_LINK_TTL_MS).toISOString(),
  };
  return signer.sign(VERIFY_EMAIL, link);
}

/** What an opened link vouches for; refused when tampered with or signed for anything else. */
export function openedVerificationLink(signer: Signer, token: string): VerificationLink {
  const { userId, email, expiresAt } = signer.verify<Partial<VerificationLink>>(VERIFY_EMAIL, token) ?? {};
  if (typeof userId !== 'string' || typeof email !== 'string' || typeof expiresAt !== 'string') {
    throw new VerificationLinkInvalid();
  }
  return { userId, email, expiresAt };
}
