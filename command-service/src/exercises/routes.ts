import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type CustomExerciseFields,
  ErrorBody,
  Exercise,
  ExerciseBody,
  ExerciseParams,
  ExercisePatchBody,
  FavoriteState,
  MessageResponse,
  presentExercise,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { CommandServices } from '../services.ts';
import { ExerciseNotFound } from './errors.ts';

/** What a custom exercise is when its creator leaves these out. */
const DEFAULTS: Pick<CustomExerciseFields, 'difficulty' | 'unit' | 'instructions' | 'tips'> = {
  difficulty: 'beginner',
  unit: 'reps',
  instructions: [],
  tips: [],
};

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Body fields in the API's names to the event's (primary_muscle -> muscle), leaving out what was not sent. */
function toFields(body: Partial<ExerciseBody>): Partial<CustomExerciseFields> {
  return {
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...(body.category !== undefined && { category: body.category }),
    ...(body.primary_muscle !== undefined && { muscle: body.primary_muscle }),
    ...(body.equipment !== undefined && { equipment: body.equipment }),
    ...(body.difficulty !== undefined && { difficulty: body.difficulty }),
    ...(body.unit !== undefined && { unit: body.unit }),
    ...(body.instructions !== undefined && { instructions: body.instructions.map((step) => step.trim()) }),
    ...(body.tips !== undefined && { tips: body.tips.map((tip) => tip.trim()) }),
  };
}

/** Writes on the exercise library under /api/v1/exercises: custom exercises and favorites. */
export const exerciseCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const { library } = services;

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    exerciseId: string,
    result: { document: unknown; position: number },
  ) {
    reply.header('X-Event-Position', result.position);
    const document = result.document as Parameters<typeof presentExercise>[0] | null;
    if (!document) throw new ExerciseNotFound();
    const favorites = await library.favorites(request.auth?.id ?? '');
    return presentExercise(document, requestLanguage(request), favorites.has(exerciseId));
  }

  app.post(
    '/exercises',
    {
      schema: {
        tags: ['exercises'],
        summary: 'Create a custom exercise',
        body: ExerciseBody,
        response: { 201: Exercise, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const fields = { ...DEFAULTS, ...toFields(body) } as CustomExerciseFields;
      const result = await library.create(request.auth?.id ?? '', fields, commandContext(request, services.clock()));
      const exerciseId = (result.document as { id: string } | null)?.id ?? '';
      reply.status(201);
      return answer(request, reply, exerciseId, result);
    },
  );

  const change = (body: typeof ExerciseBody | typeof ExercisePatchBody, summary: string) => ({
    schema: { tags: ['exercises'], summary, params: ExerciseParams, body, response: { 200: Exercise, ...errors } },
  });
  app.put('/exercises/:id', change(ExerciseBody, 'Replace a custom exercise'), async (request, reply) => {
    // PUT replaces: what the body leaves out goes back to its default.
    const fields: Partial<CustomExerciseFields> = { ...DEFAULTS, ...toFields(request.body) };
    const result = await library.change(
      request.auth?.id ?? '',
      request.params.id,
      fields,
      commandContext(request, services.clock()),
    );
    return answer(request, reply, request.params.id, result);
  });
  app.patch(
    '/exercises/:id',
    change(ExercisePatchBody, 'Change some fields of a custom exercise'),
    async (request, reply) => {
      const result = await library.change(
        request.auth?.id ?? '',
        request.params.id,
        toFields(request.body),
        commandContext(request, services.clock()),
      );
      return answer(request, reply, request.params.id, result);
    },
  );

  app.delete(
    '/exercises/:id',
    {
      schema: {
        tags: ['exercises'],
        summary: 'Delete a custom exercise; past workouts keep their entries by name',
        params: ExerciseParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await library.remove(
        request.auth?.id ?? '',
        request.params.id,
        commandContext(request, services.clock()),
      );
      reply.header('X-Event-Position', result.position);
      return { message: 'Exercise deleted.' };
    },
  );

  for (const [method, favorite] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/exercises/:id/favorite',
      {
        schema: {
          tags: ['exercises'],
          summary: favorite ? 'Star an exercise' : 'Unstar an exercise',
          params: ExerciseParams,
          response: { 200: FavoriteState, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const result = await library.setFavorite(
          request.auth?.id ?? '',
          id,
          favorite,
          commandContext(request, services.clock()),
        );
        reply.header('X-Event-Position', result.position);
        return { id, is_favorite: result.favorite };
      },
    );
  }
};
