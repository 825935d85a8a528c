import { ErrorBody, nutritionTargets, TargetsResponse } from '@fitness/contracts';
import { signedInReads } from '../route-group.ts';

/** The caller's daily targets, worked out from their profile. */
export const nutritionTargetsRoutes = signedInReads(['meals', 'water'], async (app) => {
  // Waits for the models the meals page reads beside the targets, as it did when served with them.

  app.get(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Daily calorie, macro and water targets from your profile',
        response: { 200: TargetsResponse, 401: ErrorBody },
      },
    },
    async (request) => nutritionTargets(request.auth?.user.profile ?? null),
  );
});
