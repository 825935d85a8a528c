import type { Logger } from '@fitness/platform/logger.ts';
import * as client from 'openid-client';
import { GoogleSignInRefused, GoogleSignInUnavailable, signInExpired } from './errors.ts';
import type { GoogleSignIn, PendingSignIn, VerifiedClaims } from './google-sign-in.ts';

export type OpenIdProvider = {
  /** https://accounts.google.com, or a local provider standing in for it (tests, development). */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** How long each request to the provider may take. */
  timeoutSeconds?: number;
};

/**
 * Google sign-in through openid-client. The provider's metadata comes from its discovery
 * document on first use, not at start, so the product starts while the provider is unreachable
 * (and a failed discovery is tried again on the next sign-in).
 */
export function openIdClientSignIn(provider: OpenIdProvider, logger: Logger): GoogleSignIn {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(provider.issuerUrl),
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        {
          // The ID token's signature is checked against the provider's keys, not only trusted
          // because it came over TLS; a local provider over plain HTTP gets no pass without it.
          execute: [
            client.enableNonRepudiationChecks,
            ...(new URL(provider.issuerUrl).protocol === 'http:' ? [client.allowInsecureRequests] : []),
          ],
          timeout: provider.timeoutSeconds ?? 10,
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        logger.error({ err: error, issuer: provider.issuerUrl }, 'OpenID Connect discovery failed');
        throw new GoogleSignInUnavailable();
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: provider.redirectUri,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },

    async finish(callback, pending) {
      // Checked here as well as by openid-client, so a callback of another sign-in is told as such.
      if (callback.get('state') !== pending.state) throw signInExpired();
      const config = await configuration();
      const currentUrl = new URL(provider.redirectUri);
      currentUrl.search = callback.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw refusalOf(error, logger);
      }
      return claimsOf(tokens.claims());
    },
  };
}

function claimsOf(claims: client.IDToken | undefined): VerifiedClaims {
  const email = claims?.email;
  if (!claims || typeof email !== 'string' || email === '') {
    throw new GoogleSignInRefused('email', 'Google did not tell us the email address of this account.');
  }
  // Some providers send the flag as a string.
  const verified = claims.email_verified;
  return {
    subject: claims.sub,
    email,
    emailVerified: verified === true || verified === 'true',
    name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : null,
  };
}

/** What went wrong, as the caller can tell the user: the provider's refusal, a bad answer, or no answer. */
function refusalOf(error: unknown, logger: Logger) {
  if (error instanceof client.AuthorizationResponseError) {
    return new GoogleSignInRefused('error', `Google sign-in was cancelled or refused (${error.error}).`);
  }
  if (error instanceof client.ResponseBodyError) {
    return new GoogleSignInRefused('code', `Google did not accept the sign-in (${error.error}). Please start again.`);
  }
  // A provider answering with a server error is one not answering, not a refusal.
  if (error instanceof client.ClientError && error.code !== 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    logger.info({ err: error }, 'a Google sign-in did not check out');
    return new GoogleSignInRefused('code', 'The answer from Google could not be verified. Please start again.');
  }
  // No answer: the network, a timeout, the provider's own trouble.
  logger.error({ err: error }, 'Google did not answer a sign-in');
  return new GoogleSignInUnavailable();
}
