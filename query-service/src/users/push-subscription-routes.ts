import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  PUSH_SUBSCRIPTIONS_MODEL,
  PushPublicKey,
  type PushSubscriptionDocument,
  PushSubscriptionList,
} from '@fitness/contracts';
import { signedInReads } from '../route-group.ts';
import type { QueryServices } from '../services.ts';

/** The browsers the signed-in user subscribed to push (their keys are not shown). */
export const pushSubscriptionQueryRoutes = signedInReads([PUSH_SUBSCRIPTIONS_MODEL], async (app, services) => {
  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'The browsers you receive push notifications on',
        response: { 200: PushSubscriptionList, 401: ErrorBody },
      },
    },
    async (request) => {
      const documents = await services.readStore.find<PushSubscriptionDocument>(PUSH_SUBSCRIPTIONS_MODEL, {
        where: { user_id: request.auth?.id ?? '' },
        orderBy: [{ field: 'created_at', direction: 'asc' }],
      });
      return {
        data: documents.map(({ id, endpoint, time_zone, created_at }) => ({ id, endpoint, time_zone, created_at })),
      };
    },
  );
});

/** The application server key a browser subscribes with; public, like the site's name. */
export const pushPublicKeyRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'The VAPID public key to pass to PushManager.subscribe() as applicationServerKey',
        response: { 200: PushPublicKey },
      },
    },
    async () => ({ public_key: services.vapidPublicKey }),
  );
};
