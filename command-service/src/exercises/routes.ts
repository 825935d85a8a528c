import {
  type CustomExerciseFields,
  ErrorBody,
  Exercise,
  ExerciseBody,
  type ExerciseDocument,
  type ExerciseEvent,
  ExerciseParams,
  ExercisePatchBody,
  exerciseStream,
  type FavoriteEvent,
  FavoriteState,
  favoritesStream,
  MessageResponse,
  presentExercise,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { exercisesProjection } from '@fitness/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createdId } from '../core/command-context.ts';
import { type Aggregate, requestContext, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { type ExerciseCommand, exerciseDecider, type FavoriteCommand, favoritesDecider } from './decide.ts';
import { ExerciseNotFound } from './errors.ts';
import type { ExerciseState, FavoritesState } from './exercise.ts';
import { claimExerciseName, claimNameOfChange } from './names.ts';
import { exerciseVisibleTo, favoritesOf } from './reads.ts';

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

export const exercises: Aggregate<ExerciseCommand, ExerciseEvent, ExerciseState, ExerciseDocument> = {
  decider: exerciseDecider,
  streamOf: (command) => exerciseStream(command.exerciseId),
  view: exercisesProjection,
};

const favorites: Aggregate<FavoriteCommand, FavoriteEvent, FavoritesState> = {
  decider: favoritesDecider,
  streamOf: (command) => favoritesStream(command.userId),
};

/** Writes on the exercise library under /api/v1/exercises: custom exercises and favorites. */
export const exerciseCommandRoutes = signedInCommands(async (app, { services, run }) => {
  const { handler, clock } = services;

  /** The exercise as the API shows it to its reader: in their language, with their star. */
  async function answer(request: FastifyRequest, exerciseId: string, document: ExerciseDocument | null) {
    if (!document) throw new ExerciseNotFound();
    const starred = await favoritesOf(handler, signedInUser(request));
    return presentExercise(document, requestLanguage(request), starred.has(exerciseId));
  }

  app.post(
    '',
    {
      schema: {
        tags: ['exercises'],
        summary: 'Create a custom exercise',
        body: ExerciseBody,
        response: { 201: Exercise, ...errors },
      },
    },
    async (request, reply) => {
      const fields = { ...DEFAULTS, ...toFields(request.body) } as CustomExerciseFields;
      const exerciseId = createdId(request, CREATED.exercise);
      const context = requestContext(request, clock);
      await claimExerciseName(handler, signedInUser(request), exerciseId, fields.name, context);
      const result = await run(exercises, request, reply, { type: 'CreateCustomExercise', exerciseId, fields });
      reply.status(201);
      return answer(request, exerciseId, result.document);
    },
  );

  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    exerciseId: string,
    changes: Partial<CustomExerciseFields>,
  ) {
    const context = requestContext(request, clock);
    await claimNameOfChange(handler, signedInUser(request), exerciseId, changes, context);
    const result = await run(exercises, request, reply, { type: 'ChangeCustomExercise', exerciseId, changes });
    return answer(request, exerciseId, result.document);
  }

  const changeSchema = (body: typeof ExerciseBody | typeof ExercisePatchBody, summary: string) => ({
    schema: { tags: ['exercises'], summary, params: ExerciseParams, body, response: { 200: Exercise, ...errors } },
  });
  app.put('/:id', changeSchema(ExerciseBody, 'Replace a custom exercise'), async (request, reply) =>
    // PUT replaces: what the body leaves out goes back to its default.
    change(request, reply, request.params.id, { ...DEFAULTS, ...toFields(request.body) }),
  );
  app.patch(
    '/:id',
    changeSchema(ExercisePatchBody, 'Change some fields of a custom exercise'),
    async (request, reply) => change(request, reply, request.params.id, toFields(request.body)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['exercises'],
        summary: 'Delete a custom exercise; past workouts keep their entries by name',
        params: ExerciseParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await run(exercises, request, reply, { type: 'DeleteCustomExercise', exerciseId: request.params.id });
      return { message: 'Exercise deleted.' };
    },
  );

  for (const [method, favorite] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/:id/favorite',
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
        // Only an exercise the user can see: the library's or their own.
        if (!(await exerciseVisibleTo(handler, id, signedInUser(request)))) throw new ExerciseNotFound();
        const result = await run(favorites, request, reply, { type: 'SetFavorite', exerciseId: id, favorite });
        return { id, is_favorite: result.state.has(id) };
      },
    );
  }
});
