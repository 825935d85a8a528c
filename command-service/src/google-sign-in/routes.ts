import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  GoogleCallbackBody,
  GoogleRedirectQuery,
  GoogleRedirectResponse,
  GoogleSignInResponse,
} from '@fitness/contracts';
import type { CommandServices } from '../services.ts';
import { deviceName } from '../users/sign-in/device-name.ts';
import { signInLimits } from '../users/sign-in-limits/rate-limits.ts';
import { usersHold } from '../users/user-stream.ts';
import { emailNotVerified, GoogleSignInNotConfigured } from './errors.ts';
import { keepSignIn, takeSignIn } from './sign-in-cookie.ts';
import { signInWithGoogle } from './sign-in-with-google.ts';

const AFTER_SIGN_IN = '/dashboard';

/**
 * Google sign-in under /api/v1/auth/google: the redirect starts it (the provider's URL, and the
 * sign-in under way in a signed cookie), the web app's callback screen finishes it by posting
 * the query Google sent it back with. Both run where the other sign-ins are, under the same rate
 * limit: the command service (the distributed gateway sends the redirect's GET there too). Needs
 * @fastify/cookie registered by the host (the gateway does, and so does the command service's own app).
 */
export const googleSignInRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  if (!app.hasRequestDecorator('cookies')) {
    throw new Error('Google sign-in needs @fastify/cookie registered before its routes');
  }
  const { clock, google } = services;
  const secure = services.publicUrl.startsWith('https:');
  const limited = await signInLimits(app, services);
  const configured = () => {
    if (!google) throw new GoogleSignInNotConfigured();
    return google;
  };

  app.get(
    '/redirect',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary:
          "Start signing in with Google: the provider's address to send the browser to; the sign-in " +
          'under way is kept in a short-lived signed cookie',
        querystring: GoogleRedirectQuery,
        response: { 200: GoogleRedirectResponse, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { url, pending } = await configured().start();
      const redirect = request.query.redirect ?? AFTER_SIGN_IN;
      keepSignIn(reply, services.signer, { ...pending, redirect }, { now: clock(), secure });
      return { url };
    },
  );

  app.post(
    '/callback',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary:
          'Finish signing in with Google: the callback query is checked against the sign-in under way, ' +
          'then the account holding the verified email is signed in, or one is made for it',
        body: GoogleCallbackBody,
        response: {
          200: GoogleSignInResponse,
          403: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const provider = configured();
      const signIn = takeSignIn(request, reply, services.signer, clock());
      const claims = await provider.finish(new URLSearchParams(request.body), signIn);
      if (!claims.emailVerified) throw emailNotVerified();
      const device = deviceName(request.headers['user-agent']);
      const { answer, position } = await signInWithGoogle(services, request, reply, claims, device);
      // Answer once the read side has it: a reclaimed account's old tokens are refused from here on.
      await usersHold(services, position);
      return { ...answer, redirect: signIn.redirect };
    },
  );
};
