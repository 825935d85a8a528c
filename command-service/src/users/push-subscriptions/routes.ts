import {
  ErrorBody,
  INVALID_TIME_ZONE,
  isTimeZone,
  isUncompressedPoint,
  MessageResponse,
  PushSubscriptionBody,
  PushSubscriptionParams,
  PushSubscriptionView,
} from '@fitness/contracts';
import { pushEndpointProblem } from '@fitness/notifications/push/push-endpoint-policy.ts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { signedInUser } from '../../core/command-route.ts';
import { uuidFromName } from '../../core/ids.ts';
import { signedInCommands } from '../../core/route-group.ts';
import { users } from '../user-stream.ts';

/**
 * A browser subscribes to push (POST, the same endpoint again is the same one) or stops (DELETE),
 * under /api/v1/me/push-subscriptions.
 */
export const pushSubscriptionCommandRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '',
    {
      schema: {
        tags: ['account'],
        summary:
          'Receive push notifications in this browser: its PushSubscription.toJSON() (endpoint and keys), and its time zone if it gives one',
        body: PushSubscriptionBody,
        response: { 201: PushSubscriptionView, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { endpoint, keys, time_zone } = request.body;
      const errors: Record<string, string[]> = {};
      // Refused here as well as when sending, so a subscription the server would never push to is never kept.
      const endpointProblem = await pushEndpointProblem(endpoint, services.pushEndpoints);
      if (endpointProblem) errors.endpoint = [endpointProblem];
      if (!isUncompressedPoint(keys.p256dh)) {
        errors['keys.p256dh'] = ['The p256dh key must be a base64url P-256 public key (65 bytes).'];
      }
      if (time_zone !== undefined && !isTimeZone(time_zone)) errors.time_zone = [INVALID_TIME_ZONE];
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

      const userId = signedInUser(request);
      const { state } = await run(users, request, reply, {
        type: 'AddPushSubscription',
        // A known endpoint keeps its id; a new one gets this, the same for a retried request.
        subscriptionId: uuidFromName(`push-subscription:${userId}:${endpoint}`),
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        timeZone: time_zone,
      });
      const [id, kept] =
        [...state.pushSubscriptions].find(([, subscription]) => subscription.endpoint === endpoint) ?? [];
      if (!id || !kept) throw new Error('the decider keeps the subscription it was given');
      reply.status(201);
      return { id, endpoint, time_zone: kept.timeZone, created_at: kept.addedAt };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Stop push notifications to one browser',
        params: PushSubscriptionParams,
        response: { 200: MessageResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await run(users, request, reply, {
        type: 'RemovePushSubscription',
        subscriptionId: request.params.id,
        reason: 'unsubscribed',
      });
      return { message: 'Push notifications stopped for this browser.' };
    },
  );
});
