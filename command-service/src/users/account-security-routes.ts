import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  ErrorBody,
  ForgotPasswordBody,
  MessageResponse,
  PASSWORD_RESET_SENT,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestContext, signedInUser } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import { checkNewPassword } from './new-password.ts';
import { registerAccountRateLimits, signInRouteLimits } from './rate-limits.ts';

/** How many verification mails a signed-in user may ask for in a quarter of an hour. */
const RESENDS_PER_QUARTER_HOUR = 3;

/**
 * Email verification, forgotten and changed passwords. Each mail is in the language the request
 * asks for (Accept-Language). Resetting and changing a password answer once the read model has
 * dropped the tokens they revoke, so the next request with one is refused (and its sockets close).
 */
export const accountSecurityRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { accountSecurity, clock } = services;
  await registerAccountRateLimits(app as unknown as FastifyInstance, services.counters);
  const limited = signInRouteLimits(services.authRateLimit);
  const settled = (position: number) => services.progress.waitFor(['users'], position, services.consistencyTimeoutMs);

  app.post(
    '/auth/verify-email',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the signed link mailed to it (no sign-in needed)',
        body: VerifyEmailBody,
        response: { 200: MessageResponse, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const position = await accountSecurity.verifyEmail(request.body.token, requestContext(request, clock));
      if (position > 0) {
        await settled(position);
        reply.header('X-Event-Position', position);
      }
      return { message: 'Your email address has been verified.' };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: requireUser(services.authenticator),
      config: {
        rateLimit: {
          max: RESENDS_PER_QUARTER_HOUR,
          timeWindow: '15 minutes',
          // Per account, counted once the user is known.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `verify-resend:${request.auth?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Mail the signed-in user a new verification link (valid 24 hours)',
        response: { 200: MessageResponse, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      await accountSecurity.sendVerification(signedInUser(request), requestLanguage(request), clock());
      return { message: 'A new verification link has been sent to your email address.' };
    },
  );

  app.post(
    '/password/forgot',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use password reset link (valid 60 minutes); the same answer whether or not the email has an account',
        body: ForgotPasswordBody,
        response: { 200: MessageResponse, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      const language = requestLanguage(request);
      const context = requestContext(request, clock);
      // Looked up, written and mailed once the answer is sent (or the asker has gone): the answer
      // waits for the same nothing whether or not the address has an account.
      reply.raw.once('close', () => accountSecurity.requestPasswordResetInBackground(email, language, context));
      return { message: PASSWORD_RESET_SENT };
    },
  );

  app.post(
    '/password/reset',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed link; the link is used up and every device is signed out',
        body: ResetPasswordBody,
        response: { 200: MessageResponse, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      checkNewPassword(request.body, { email: request.body.email });
      const { email, token, password } = request.body;
      const position = await accountSecurity.resetPassword(
        { email: email.trim(), token, password },
        requestLanguage(request),
        requestContext(request, clock),
      );
      await settled(position);
      reply.header('X-Event-Position', position);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      ...limited,
      onRequest: requireUser(services.authenticator),
      schema: {
        tags: ['auth'],
        summary: 'Change your password, confirmed with the current one; your other devices are signed out',
        body: ChangePasswordBody,
        response: { 200: MessageResponse, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireUser sets request.auth');
      checkNewPassword(request.body, { email: auth.user.email, name: auth.user.name });
      const position = await accountSecurity.changePassword(
        { userId: auth.id, tokenId: auth.tokenId },
        { currentPassword: request.body.current_password, password: request.body.password },
        requestLanguage(request),
        requestContext(request, clock),
      );
      await settled(position);
      reply.header('X-Event-Position', position);
      return { message: 'Your password has been changed. Your other devices have been signed out.' };
    },
  );
};
