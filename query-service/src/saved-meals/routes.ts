import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, presentSavedMeal, type SavedMealDocument, SavedMealList } from '@fitness/contracts';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';

/** The caller's saved meals (at most MAX_SAVED_MEALS, so one answer holds them all). */
export const savedMealQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook('onRequest', signedInRead(services, ['saved_meals']));
  const { readStore } = services;

  app.get(
    '/saved-meals',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Your saved meals, newest first',
        response: { 200: SavedMealList, 401: ErrorBody },
      },
    },
    async (request) => {
      const saved = await readStore.find<SavedMealDocument>('saved_meals', {
        where: { user_id: request.auth?.id ?? '' },
        orderBy: [{ field: 'created_at', direction: 'desc' }],
      });
      return { data: saved.map(presentSavedMeal) };
    },
  );
};
