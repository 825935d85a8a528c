import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  ErrorBody,
  ForgotPasswordBody,
  hashSecret,
  MessageResponse,
  PASSWORD_RESET_SENT,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/admission.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import type { FastifyRequest } from 'fastify';
import { commandRunner, namedUserCommandRunner, requestContext, signedInUser } from '../../core/command-route.ts';
import type { CommandServices } from '../../services.ts';
import { CurrentPasswordIncorrect, PasswordResetLinkInvalid, UserNotFound } from '../errors.ts';
import { userIdOfEmail } from '../sign-in/email-claims.ts';
import { checkNewPassword } from '../sign-in/new-password.ts';
import { confirmPassword, hashPassword } from '../sign-in/passwords.ts';
import { signInLimits } from '../sign-in-limits/rate-limits.ts';
import { userStateOf, users, usersHold } from '../user-stream.ts';
import { openedVerificationLink } from './verification-links.ts';

/** How many verification mails a signed-in user may ask for in a quarter of an hour. */
const RESENDS_PER_QUARTER_HOUR = 3;

/**
 * Email verification and changing a known password, under /api/v1/auth. Like the password reset's
 * group, under the sign-in rate limits; the writes answer once the users model holds them
 * (usersHold), so the next request with a token a new password revoked is refused (and its
 * sockets close). Each mail is in the language the request asks for (Accept-Language).
 */
export const accountSecurityRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { accountSecurityMails, clock, handler } = services;
  const run = commandRunner(services);
  const runOn = namedUserCommandRunner(services);
  const limited = await signInLimits(app, services);

  app.post(
    '/verify-email',
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
      const { userId, email, expiresAt } = openedVerificationLink(services.signer, request.body.token);
      // The link's owner is the actor: whoever opens it is not signed in.
      const command = { type: 'VerifyEmail', userId, email, expiresAt } as const;
      const { position } = await runOn(users, request, reply, command, userId);
      await usersHold(services, position);
      return { message: 'Your email address has been verified.' };
    },
  );

  app.post(
    '/verify-email/resend',
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
      await accountSecurityMails.sendVerification(signedInUser(request), requestLanguage(request), clock());
      return { message: 'A new verification link has been sent to your email address.' };
    },
  );

  app.post(
    '/change-password',
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
      const now = requestContext(request, clock).now;
      const account = await userStateOf(handler, auth.id);
      if (!account.registered || account.deleted) throw new UserNotFound();
      const right = await confirmPassword(services.signInThrottle, account, request.body.current_password, now);
      if (!right) throw new CurrentPasswordIncorrect();
      const passwordHash = await hashPassword(request.body.password);
      // Every other device is signed out; the one asking stays.
      const command = { type: 'ChangePassword', passwordHash, keepTokenId: auth.tokenId } as const;
      const { state, position } = await run(users, request, reply, command);
      accountSecurityMails.passwordChangedInBackground({ userId: auth.id, ...state }, requestLanguage(request), now);
      await usersHold(services, position);
      return { message: 'Your password has been changed. Your other devices have been signed out.' };
    },
  );
};

/** A forgotten password: its reset link mailed, and the new password it sets, under /api/v1/password. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { accountSecurityMails, clock, handler } = services;
  const runOn = namedUserCommandRunner(services);
  const limited = await signInLimits(app, services);

  app.post(
    '/forgot',
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
      reply.raw.once('close', () => accountSecurityMails.requestPasswordResetInBackground(email, language, context));
      return { message: PASSWORD_RESET_SENT };
    },
  );

  app.post(
    '/reset',
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
      const userId = await userIdOfEmail(handler, email.trim());
      if (!userId) throw new PasswordResetLinkInvalid();
      const passwordHash = await hashPassword(password);
      // The link's owner is the actor: whoever opens it is not signed in.
      const command = { type: 'ResetPassword', userId, tokenHash: hashSecret(token), passwordHash } as const;
      const { state, position } = await runOn(users, request, reply, command, userId);
      accountSecurityMails.passwordChangedInBackground(
        { userId, ...state },
        requestLanguage(request),
        requestContext(request, clock).now,
      );
      await usersHold(services, position);
      return { message: 'Your password has been reset. Please sign in with your new password.' };
    },
  );
};
