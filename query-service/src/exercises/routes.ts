import {
  ErrorBody,
  Exercise,
  ExerciseList,
  ExerciseParams,
  type FavoritesDocument,
  ListExercisesQuery,
  pageOf,
  presentExercise,
} from '@fitness/contracts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { signedInReads } from '../route-group.ts';
import { catalogueOf, selectExercises } from './catalogue.ts';

/** Reads of the exercise library: the system library plus the caller's own, with their stars. */
export const exerciseQueryRoutes = signedInReads(['exercises', 'favorites'], async (app, services) => {
  const { readStore } = services;
  const catalogue = catalogueOf(readStore);

  async function favoritesOf(userId: string) {
    const document = await readStore.get<FavoritesDocument>('favorites', userId);
    return new Set(document?.exercise_ids ?? []);
  }

  app.get(
    '',
    {
      schema: {
        tags: ['exercises'],
        summary: 'The library and your own exercises: search, filters, tabs all / mine / favorites, paged',
        querystring: ListExercisesQuery,
        response: { 200: ExerciseList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const language = requestLanguage(request);
      const [visible, favorites] = await Promise.all([catalogue.visibleTo(userId), favoritesOf(userId)]);
      const selected = selectExercises(visible, request.query, language, favorites, userId);
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 24;
      const { items, meta } = pageOf(selected, page, perPage);
      return {
        data: items.map((exercise) => presentExercise(exercise, language, favorites.has(exercise.id))),
        meta,
      };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['exercises'],
        summary: 'One exercise with its instructions and tips',
        params: ExerciseParams,
        response: { 200: Exercise, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const exercise = await catalogue.visibleOne(userId, request.params.id);
      return presentExercise(exercise, requestLanguage(request), (await favoritesOf(userId)).has(exercise.id));
    },
  );
});
