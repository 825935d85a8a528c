import {
  ErrorBody,
  ListWorkoutsQuery,
  PreviousSets,
  pageMeta,
  WORKOUT_SUMMARIES_MODEL,
  Workout,
  type WorkoutDocument,
  WorkoutList,
  WorkoutParams,
} from '@fitness/contracts';
import { NotFound } from '@fitness/platform/errors.ts';
import { signedInReads } from '../route-group.ts';
import { sendWrittenJson } from '../written-json.ts';
import { previousSetsPaged } from './previous-sets.ts';

const NOT_FOUND = "Workout not found: the workout you're looking for doesn't exist or has been deleted";

/** Reads of the `workouts` read model and its summaries, scoped to the caller. */
export const workoutQueryRoutes = signedInReads(['workouts', WORKOUT_SUMMARIES_MODEL], async (app, services) => {
  app.get(
    '',
    {
      schema: {
        tags: ['workouts'],
        summary: "The caller's workouts, newest first, paged: each as a summary (counts, not sets)",
        querystring: ListWorkoutsQuery,
        response: { 200: WorkoutList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.auth?.id ?? '';
      const page = request.query.page ?? 1;
      const perPage = request.query.per_page ?? 15;
      const where = { user_id: userId, ...(request.query.status && { status: request.query.status }) };
      const [total, data] = await Promise.all([
        services.readStore.count(WORKOUT_SUMMARIES_MODEL, where),
        // Stored as the API shows them (with the owner and the counts they are folded from): sent
        // as stored, neither parsed nor serialized again.
        services.readStore.findJson(WORKOUT_SUMMARIES_MODEL, {
          where,
          orderBy: [
            { field: 'date', direction: 'desc' },
            { field: 'created_at', direction: 'desc' },
          ],
          limit: perPage,
          offset: (page - 1) * perPage,
          omit: ['user_id', 'set_counts'],
        }),
      ]);
      const meta = pageMeta(page, perPage, total);
      // A WorkoutList already written as JSON: with a JSON content type, Fastify sends a string as is.
      const list = `{"data":[${data.join(',')}],"meta":${JSON.stringify(meta)}}`;
      return sendWrittenJson(reply, list);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['workouts'],
        summary: 'One workout with its exercises and sets',
        params: WorkoutParams,
        response: { 200: Workout, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const workout = await services.readStore.get<WorkoutDocument>('workouts', request.params.id);
      // Another user's workout is answered exactly like a missing one.
      if (!workout || workout.user_id !== request.auth?.id) throw new NotFound(NOT_FOUND);
      return workout;
    },
  );

  app.get(
    '/:id/previous',
    {
      schema: {
        tags: ['workouts'],
        summary:
          'What you did last time: for each exercise of this workout, its sets in your latest earlier workout with it',
        params: WorkoutParams,
        response: { 200: PreviousSets, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const workout = await services.readStore.get<WorkoutDocument>('workouts', request.params.id);
      if (!workout || workout.user_id !== userId) throw new NotFound(NOT_FOUND);
      const data = await previousSetsPaged(workout, (offset, limit) =>
        services.readStore.find<WorkoutDocument>('workouts', {
          where: { user_id: userId },
          orderBy: [
            { field: 'date', direction: 'desc' },
            { field: 'created_at', direction: 'desc' },
          ],
          limit,
          offset,
        }),
      );
      return { data };
    },
  );
});
