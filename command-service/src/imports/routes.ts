import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ImportReport, ImportWorkoutsBody, MAX_EXPORT_MEGABYTES, MAX_EXPORT_ROWS } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import type { CommandServices } from '../services.ts';
import { importWorkouts } from './importer.ts';

/** The file inside JSON: its escaping at worst doubles the size (see ImportWorkoutsBody). */
const BODY_LIMIT = 2 * MAX_EXPORT_MEGABYTES * 1024 * 1024 + 64 * 1024;

/** Imports of workout history from other apps, under /api/v1/imports. */
export const importCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));

  app.post(
    '/imports/workouts',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['imports'],
        summary: `Import workouts from a Strong or Hevy CSV export (at most ${MAX_EXPORT_MEGABYTES} MB and ${MAX_EXPORT_ROWS} rows); importing a file again adds nothing twice`,
        body: ImportWorkoutsBody,
        response: { 200: ImportReport, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireUser sets request.auth');
      const { csv, format, weight_unit: weightUnit } = request.body;
      const { report, position } = await importWorkouts(
        services,
        { userId: auth.id, csv, format, weightUnit },
        { actorId: auth.id, correlationId: request.id, now: services.clock() },
      );
      reply.header('X-Event-Position', position);
      return report;
    },
  );
};
