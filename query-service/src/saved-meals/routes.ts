import { ErrorBody, presentSavedMeal, type SavedMealDocument, SavedMealList } from '@fitness/contracts';
import { signedInReads } from '../route-group.ts';

/** The caller's saved meals (at most MAX_SAVED_MEALS, so one answer holds them all). */
export const savedMealQueryRoutes = signedInReads(['saved_meals'], async (app, services) => {
  const { readStore } = services;

  app.get(
    '',
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
});
