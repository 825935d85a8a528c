import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeleteAccountBody,
  ErrorBody,
  MessageResponse,
  PROFILE_AGE,
  profileChangesFromBody,
  UpdateProfileBody,
  User,
  weighedIn,
  yearsSince,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/admission.ts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { recordedWeight } from '../body-weight/body-weight.ts';
import { bodyWeight } from '../body-weight/routes.ts';
import { commandRunner, requestContext, signedInUser } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import { deleteAccount } from './account-deletion/delete-account.ts';
import { withStoredWeight } from './answered-user.ts';
import { UserNotFound } from './errors.ts';
import { confirmPassword } from './sign-in/passwords.ts';
import { signInLimits } from './sign-in-limits/rate-limits.ts';
import { userStateOf, users } from './user-stream.ts';

/**
 * The account's profile (PATCH /me) and its closing (DELETE /me), under /api/v1/me. The rules
 * are the user decider's; what they need from outside the user's stream (whether the password
 * typed matches, how many admins there are) the routes find out first.
 */
export const userCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  const { clock } = services;
  const run = commandRunner(services);
  const limited = await signInLimits(app, services);

  app.patch(
    '',
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
        const stands = weighIn.state?.value ?? recordedWeight(weight);
        answer = { ...answer, profile: weighedIn(answer.profile, { date, weight: stands }) };
      }
      return answer;
    },
  );

  app.delete(
    '',
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
      const userId = signedInUser(request);
      const { password, email } = request.body;
      const now = requestContext(request, clock).now;
      const state = await userStateOf(services.handler, userId);
      const passwordMatches =
        state.passwordHash && password ? await confirmPassword(services.signInThrottle, state, password, now) : null;
      // The deleting request itself is one of their writes under way.
      await deleteAccount(services, request, reply, { userId, state, ownWrites: 1 }, 'own-deletion', (release) => ({
        type: 'DeleteOwnAccount',
        userId,
        passwordMatches,
        email,
        release,
      }));
      return { message: 'Your account has been deleted.' };
    },
  );
};
