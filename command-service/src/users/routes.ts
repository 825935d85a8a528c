import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthResponse,
  DeleteAccountBody,
  ErrorBody,
  LoginBody,
  MessageResponse,
  PROFILE_AGE,
  profileChangesFromBody,
  RegisterBody,
  UpdateProfileBody,
  User,
  type UserDocument,
  type UserEvent,
  userStream,
  weighedIn,
  yearsSince,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { refuseSignInDuringMaintenance } from '@fitness/platform/maintenance.ts';
import { usersProjection } from '@fitness/projections';
import type { FastifyInstance } from 'fastify';
import { recordedWeight } from '../body-weight/body-weight.ts';
import { bodyWeight } from '../body-weight/routes.ts';
import { type Aggregate, commandRunner, requestContext } from '../core/command-route.ts';
import { googleSignInRoutes } from '../google-sign-in/routes.ts';
import type { CommandServices } from '../services.ts';
import { withStoredWeight } from './answered-user.ts';
import { type UserCommand, userDecider } from './decide.ts';
import { deviceName } from './device-name.ts';
import { UserNotFound } from './errors.ts';
import { checkNewPassword } from './new-password.ts';
import { registerAccountRateLimits, signInRouteLimits } from './rate-limits.ts';
import type { UserState } from './user.ts';

/** How long deleting an account waits for the user's other writes under way (an import, say). */
const WRITES_DRAIN_MS = 30_000;

export const users: Aggregate<UserCommand, UserEvent, UserState, UserDocument> = {
  decider: userDecider,
  streamOf: (command) => userStream(command.userId),
  view: usersProjection,
};

/**
 * Registration, sign-in, sign-out and the account, under /api/v1/auth and /api/v1/me. Registering,
 * signing in and deleting the account span several streams (email claims, the first-admin seat,
 * passwords), so they go through Accounts; the rest are plain commands on the user's stream.
 */
export const authCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { accounts, clock } = services;
  const run = commandRunner(services);
  await registerAccountRateLimits(app as unknown as FastifyInstance, services.counters);
  const limited = signInRouteLimits(services.authRateLimit);
  // Under the same rate limit as the other ways of signing in.
  await app.register(googleSignInRoutes, services);

  app.post(
    '/auth/register',
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
      const signedIn = await accounts.register(
        { name, email, password, device: deviceName(request.headers['user-agent']) },
        context,
      );
      // Essential, whatever the notification switches say; the new account does not wait for it.
      services.accountSecurity.sendVerificationInBackground(signedIn.user.id, requestLanguage(request), context.now);
      reply.header('X-Event-Position', signedIn.position).status(201);
      return { user: signedIn.user, token: signedIn.token };
    },
  );

  app.post(
    '/auth/login',
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
      const signedIn = await accounts.login(
        { email, password, remember: remember ?? false, device: deviceName(request.headers['user-agent']) },
        requestContext(request, clock),
        { beforeIssuing: (role) => refuseSignInDuringMaintenance(services.authenticator, role) },
      );
      reply.header('X-Event-Position', signedIn.position);
      return { user: signedIn.user, token: signedIn.token };
    },
  );

  app.patch(
    '/me',
    {
      onRequest: requireUser(services.authenticator),
      schema: {
        tags: ['account'],
        summary:
          'Change your profile: name, age or birth date, gender, height (cm), activity level, goals (at most ' +
          'one of lose_weight, maintain_weight and gain_weight); weight (kg) is recorded as the weigh-in of ' +
          '`weighed_on` (default today, UTC), its one source; and where the onboarding stands',
        body: UpdateProfileBody,
        response: { 200: User, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { name, birth_date, weight, weighed_on, onboarding } = request.body;
      const now = requestContext(request, clock).now;
      if (weighed_on !== undefined && weight === undefined) {
        throw new ValidationFailed({ weighed_on: ['The weigh-in date goes with a weight.'] });
      }
      if (birth_date) {
        // A birth date in the future, or one that makes a toddler or a 300-year-old, is a typo.
        const age = yearsSince(birth_date, now);
        if (age === null || age < PROFILE_AGE.minimum || age > PROFILE_AGE.maximum) {
          throw new ValidationFailed({
            birth_date: [`The birth date must make you ${PROFILE_AGE.minimum} to ${PROFILE_AGE.maximum} years old.`],
          });
        }
      }
      const changes = profileChangesFromBody({ ...request.body, ...(name !== undefined && { name: name.trim() }) });
      // The profile first: it may refuse the goals, and then no weigh-in is recorded either.
      const result = await run(users, request, reply, {
        type: 'UpdateProfile',
        changes,
        ...(onboarding && { onboarding }),
      });
      if (!result.document) throw new UserNotFound();
      let answer = withStoredWeight(result.document, request.auth?.user);
      if (weight !== undefined) {
        const date = weighed_on ?? now.toISOString().slice(0, 10);
        const weighIn = await run(bodyWeight, request, reply, { type: 'RecordBodyWeight', date, weight });
        // The answer's position is the later append's, so reading after it shows both.
        reply.header('X-Event-Position', Math.max(result.position, weighIn.position));
        answer = { ...answer, profile: weighedIn(answer.profile, { date, weight: recordedWeight(weight) }) };
      }
      return answer;
    },
  );

  app.delete(
    '/me',
    {
      ...limited,
      onRequest: requireUser(services.authenticator),
      schema: {
        tags: ['account'],
        summary:
          'Delete your account for good, confirmed with your password (or, for an account made through ' +
          'Google, which has none, with its email address): everything you logged goes, every token ' +
          'stops working, and the email can be registered again',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, 401: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireUser sets request.auth');
      const position = await accounts
        .deleteAccount(auth.id, request.body, requestContext(request, clock), {
          // No new write of theirs from here on, and the ones under way finish first.
          beforeDeleting: () => services.writes.close(auth.id, 1, WRITES_DRAIN_MS),
        })
        .catch((error) => {
          services.writes.reopen(auth.id);
          throw error;
        });
      // Answer once the account is gone from the read side, so its tokens are refused from here on.
      await services.progress.waitFor(['users'], position, services.consistencyTimeoutMs);
      // What they wrote leaves the event log too, in the background (see AccountErasure).
      void services.erasure.start(auth.id);
      reply.header('X-Event-Position', position);
      return { message: 'Your account has been deleted.' };
    },
  );

  app.post(
    '/auth/logout',
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
      await services.progress.waitFor(['users'], position, services.consistencyTimeoutMs);
      return { message: 'Logged out.' };
    },
  );
};
