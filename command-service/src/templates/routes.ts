import {
  ErrorBody,
  MessageResponse,
  SaveTemplateBody,
  StartTemplateBody,
  type TemplateEvent,
  TemplateParams,
  templateStream,
  Workout,
  WorkoutParams,
  workoutStream,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { Type } from 'typebox';
import { createdId } from '../core/command-context.ts';
import { type Aggregate, dayOfAction, requestContext, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { WorkoutNotFound } from '../workouts/errors.ts';
import { workouts } from '../workouts/routes.ts';
import { type TemplateCommand, templateDecider } from './decide.ts';
import { TemplateNotFound } from './errors.ts';
import type { TemplateState } from './template.ts';
import { templateFromWorkout, workoutFromTemplate } from './template-workouts.ts';

const templates: Aggregate<TemplateCommand, TemplateEvent, TemplateState> = {
  decider: templateDecider,
  streamOf: (command) => templateStream(command.templateId),
};

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Starting workouts from templates, and deleting personal templates. */
export const templateCommandRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '/:id/start',
    {
      schema: {
        tags: ['templates'],
        summary: "Start a workout with the template's exercises and planned sets",
        params: TemplateParams,
        body: StartTemplateBody,
        response: { 201: Workout, ...errors },
      },
    },
    async (request, reply) => {
      const workoutId = createdId(request, CREATED.workout);
      const today = dayOfAction(requestContext(request, services.clock));
      const date = request.body.date ?? today;
      const language = requestLanguage(request);
      const start = await workoutFromTemplate(
        services.handler,
        signedInUser(request),
        request.params.id,
        workoutId,
        language,
      ).catch(async (error) => {
        // A retry (same Idempotency-Key) whose template was deleted after its first attempt
        // landed: the workout that attempt started, whose id only this key makes, answers it
        // (the handler finds the command done and decides nothing), rather than a 404 telling an
        // offline queue that a start which happened did not.
        const startedBefore =
          error instanceof TemplateNotFound &&
          request.headers['idempotency-key'] !== undefined &&
          (await services.handler.readStream(workoutStream(workoutId))).length > 0;
        if (startedBefore) return { name: '', exercises: [] };
        throw error;
      });
      const result = await run(workouts, request, reply, {
        type: 'StartWorkout',
        workoutId,
        notes: null,
        date,
        ...start,
      });
      if (!result.document) throw new WorkoutNotFound();
      reply.status(201);
      return result.document;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['templates'],
        summary: 'Delete one of your templates',
        params: TemplateParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await run(templates, request, reply, { type: 'DeletePersonalTemplate', templateId: request.params.id });
      return { message: 'Template deleted.' };
    },
  );
});

/** Saving one of your workouts as a personal template (under /api/v1/workouts). */
export const workoutTemplateRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '/:id/template',
    {
      schema: {
        tags: ['templates'],
        summary: 'Save one of your workouts as a personal template',
        params: WorkoutParams,
        body: SaveTemplateBody,
        response: { 201: Type.Object({ id: Type.String(), message: Type.String() }), ...errors },
      },
    },
    async (request, reply) => {
      const { name, category, difficulty } = request.body;
      const workout = await templateFromWorkout(services.handler, signedInUser(request), request.params.id);
      const templateId = createdId(request, CREATED.template);
      await run(templates, request, reply, {
        type: 'SavePersonalTemplate',
        templateId,
        name: name?.trim() || workout.name,
        category: category ?? 'strength',
        difficulty: difficulty ?? 'intermediate',
        exercises: workout.exercises,
      });
      reply.status(201);
      return { id: templateId, message: 'Template saved.' };
    },
  );
});
