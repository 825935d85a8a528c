import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, nutritionTargets, TargetsResponse } from '@fitness/contracts';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';

/** The caller's daily targets, worked out from their profile. */
export const nutritionTargetsRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  // Waits for the models the meals page reads beside the targets, as it did when served with them.
  app.addHook('onRequest', signedInRead(services, ['meals', 'water']));

  app.get(
    '/nutrition/targets',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Daily calorie, macro and water targets from your profile',
        response: { 200: TargetsResponse, 401: ErrorBody },
      },
    },
    async (request) => nutritionTargets(request.auth?.user.profile ?? null),
  );
};
