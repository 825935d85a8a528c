/**
 * The port to Google sign-in (OpenID Connect, authorization code flow with PKCE): start a
 * sign-in, then finish it into the claims the provider vouches for. Nothing is kept between the
 * two: the caller keeps `PendingSignIn` (a signed cookie, see sign-in-cookie.ts), so any process
 * can finish a sign-in another one started.
 */
export interface GoogleSignIn {
  /** Where to send the browser, and what finishing this sign-in will need. */
  start(): Promise<{ url: string; pending: PendingSignIn }>;
  /**
   * Checks the callback against the pending sign-in (state), exchanges its code (with the PKCE
   * verifier) and verifies the ID token (signature, issuer, audience, expiry, nonce). Throws
   * GoogleSignInRefused or GoogleSignInUnavailable.
   */
  finish(callback: URLSearchParams, pending: PendingSignIn): Promise<VerifiedClaims>;
}

/** The secrets of one sign-in under way, made fresh for each. */
export type PendingSignIn = { state: string; nonce: string; codeVerifier: string };

/** Who the provider says signed in. `emailVerified` is the provider's word; the caller decides what it needs. */
export type VerifiedClaims = { subject: string; email: string; emailVerified: boolean; name: string | null };

/** Where Google sends the browser back: the web app's callback screen (spec section 2). */
export const callbackUrl = (publicUrl: string) => `${publicUrl}/oauth/google/callback`;
