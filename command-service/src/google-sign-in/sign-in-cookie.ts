import type { Signer } from '@fitness/platform/secrets.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInExpired } from './errors.ts';
import type { PendingSignIn } from './google-sign-in.ts';

/**
 * The sign-in under way, kept in the browser rather than on a server: a cookie signed with the
 * app key, so any process (with the same key) finishes what another started. HttpOnly, sent
 * only to the two Google routes, and SameSite=Lax (the callback is fetched by our own page).
 */
const COOKIE = 'google_sign_in';
const PATH = '/api/v1/auth/google';
const PURPOSE = 'google-sign-in';
const TTL_SECONDS = 600;

export type SignInUnderWay = PendingSignIn & {
  /** The app's path to go to once signed in. */
  redirect: string;
};

type Signed = SignInUnderWay & { expiresAt: number };

export function keepSignIn(
  reply: FastifyReply,
  signer: Signer,
  signIn: SignInUnderWay,
  options: { now: Date; secure: boolean },
) {
  const value = signer.sign(PURPOSE, { ...signIn, expiresAt: options.now.getTime() + TTL_SECONDS * 1000 });
  reply.setCookie(COOKIE, value, {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: TTL_SECONDS,
  });
}

/**
 * The sign-in this browser started, taken out of the cookie, which goes: a sign-in is finished
 * once, whatever the outcome. Throws when there is none, it was not signed by us, or it expired
 * (the cookie's own lifetime is the browser's to keep; the signed expiry is ours).
 */
export function takeSignIn(request: FastifyRequest, reply: FastifyReply, signer: Signer, now: Date): SignInUnderWay {
  const value = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, { path: PATH });
  const signed = value ? signer.verify<Signed>(PURPOSE, value) : null;
  if (!signed || typeof signed.expiresAt !== 'number' || signed.expiresAt <= now.getTime()) throw signInExpired();
  const { state, nonce, codeVerifier, redirect } = signed;
  return { state, nonce, codeVerifier, redirect };
}
