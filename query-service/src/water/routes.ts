import { ErrorBody, nutritionTargets, userDayId, WaterDay, type WaterDocument, WaterParams } from '@fitness/contracts';
import { signedInReads } from '../route-group.ts';

/** Reads of the caller's water, a day at a time. */
export const waterQueryRoutes = signedInReads(['water'], async (app, services) => {
  const { readStore } = services;

  app.get(
    '/:date',
    {
      schema: {
        tags: ['nutrition'],
        summary: "A day's water against its target",
        params: WaterParams,
        response: { 200: WaterDay, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const auth = request.auth;
      const day = await readStore.get<WaterDocument>('water', userDayId(auth?.id ?? '', request.params.date));
      return {
        date: request.params.date,
        entries: day?.entries ?? [],
        total_ml: day?.total_ml ?? 0,
        target_ml: nutritionTargets(auth?.user.profile ?? null).water_ml,
      };
    },
  );
});
