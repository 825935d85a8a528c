import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  MessageResponse,
  SaveTemplateBody,
  StartTemplateBody,
  TemplateParams,
  Workout,
  WorkoutParams,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { Type } from 'typebox';
import { commandContext } from '../core/command-context.ts';
import type { CommandServices } from '../services.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Starting workouts from templates, and saving and deleting personal templates. */
export const templateCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const { templates, clock } = services;

  app.post(
    '/templates/:id/start',
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
      const context = commandContext(request, clock());
      const date = request.body.date ?? context.now.toISOString().slice(0, 10);
      const result = await templates.start(
        request.auth?.id ?? '',
        request.params.id,
        date,
        requestLanguage(request),
        context,
      );
      reply.header('X-Event-Position', result.position).status(201);
      return result.workout;
    },
  );

  app.post(
    '/workouts/:id/template',
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
      const result = await templates.saveFromWorkout(
        request.auth?.id ?? '',
        request.params.id,
        request.body,
        commandContext(request, clock()),
      );
      reply.header('X-Event-Position', result.position).status(201);
      return { id: result.templateId, message: 'Template saved.' };
    },
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        tags: ['templates'],
        summary: 'Delete one of your templates',
        params: TemplateParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const position = await templates.remove(
        request.auth?.id ?? '',
        request.params.id,
        commandContext(request, clock()),
      );
      reply.header('X-Event-Position', position);
      return { message: 'Template deleted.' };
    },
  );
};
