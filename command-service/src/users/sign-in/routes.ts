import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthResponse, ErrorBody, LoginBody, MessageResponse, RegisterBody } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/admission.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { refuseSignInDuringMaintenance } from '@fitness/platform/maintenance.ts';
import { commandRunner, namedUserCommandRunner, requestContext } from '../../core/command-route.ts';
import type { CommandServices } from '../../services.ts';
import { signInLimits } from '../sign-in-limits/rate-limits.ts';
import { users, usersHold } from '../user-stream.ts';
import { accountSignedInTo } from './credentials.ts';
import { deviceName } from './device-name.ts';
import { checkNewPassword } from './new-password.ts';
import { newAccount } from './registration.ts';
import { newSession, signedIn } from './session-tokens.ts';

/**
 * Registration, sign-in and sign-out, under /api/v1/auth. Registering spans several streams: the
 * email's claim and the first-admin seat are taken before the user's stream is written, and an
 * admin's seat in the admins' claim after.
 */
export const signInCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { handler, clock } = services;
  const run = commandRunner(services);
  const runOn = namedUserCommandRunner(services);
  const limited = await signInLimits(app, services);

  app.post(
    '/register',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account; the first account of an empty system becomes admin',
        body: RegisterBody,
        // 403 while the admins have closed registration.
        response: { 201: AuthResponse, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      checkNewPassword(request.body, { email, name });
      const context = requestContext(request, clock);
      const device = deviceName(request.headers['user-agent']);
      const { command, issued } = await newAccount(
        handler,
        { name, email, password, device },
        services.tokenTtlDays,
        context,
      );
      const { userId } = command;
      const { document, state } = await runOn(users, request, reply, command);
      // An account registered as an admin (the first, or any when admins are what new accounts are) is counted as one.
      await services.adminSeats.seat(userId, state, context);
      const answer = signedIn(userId, issued, document, await services.storedUser(userId));
      // Essential, whatever the notification switches say; the new account does not wait for it.
      services.accountSecurityMails.sendVerificationInBackground(userId, requestLanguage(request), context.now);
      reply.status(201);
      return answer;
    },
  );

  app.post(
    '/login',
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: AuthResponse, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const now = requestContext(request, clock).now;
      const account = await accountSignedInTo(handler, services.signInThrottle, { email, password }, now);
      // Maintenance mode refuses anyone but an admin, by the role the write side knows, before anything is written.
      await refuseSignInDuringMaintenance(services.authenticator, account.state.role);
      const issued = newSession(
        deviceName(request.headers['user-agent']),
        remember ?? false,
        services.tokenTtlDays,
        now,
      );
      const { userId } = account;
      const { document } = await runOn(users, request, reply, { type: 'IssueToken', userId, token: issued.token });
      return signedIn(userId, issued, document, await services.storedUser(userId));
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser(services.authenticator),
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working',
        response: { 200: MessageResponse, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const tokenId = request.auth?.tokenId ?? '';
      const { position } = await run(users, request, reply, { type: 'RevokeToken', tokenId });
      // Answer once the token is really dead, so the next request with it is refused.
      await usersHold(services, position);
      return { message: 'Logged out.' };
    },
  );
};
