import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { type Static, Type } from 'typebox';
import type { CommandServices } from '../services.ts';
import { importWorkouts, MAX_EXPORT_MEGABYTES, MAX_EXPORT_ROWS } from './importer.ts';

/**
 * The file travels as a string inside JSON rather than as multipart/form-data: the web client
 * reads it with `File.text()` and posts it like every other call (JSON, the same validation,
 * error shape and API client), and the server needs no multipart parser. The price is JSON's
 * escaping, which at worst doubles the size (a file of nothing but quotes), hence the body limit.
 */
export const ImportWorkoutsBody = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('strong'), Type.Literal('hevy')], {
        errorMessage: 'The format must be strong or hevy (or left out to detect it).',
      }),
    ),
    weight_unit: Type.Optional(
      Type.Union([Type.Literal('kg'), Type.Literal('lb')], { errorMessage: 'The weight unit must be kg or lb.' }),
    ),
    csv: Type.String({ minLength: 1, errorMessage: 'The csv field must hold the text of the exported CSV file.' }),
  },
  { additionalProperties: false },
);
export type ImportWorkoutsBody = Static<typeof ImportWorkoutsBody>;

export const ImportReport = Type.Object({
  workouts_imported: Type.Integer(),
  /** Workouts of the file that were there already (imported before) or that the user deleted. */
  workouts_skipped_existing: Type.Integer(),
  sets_imported: Type.Integer(),
  /** Custom exercises made for names the library does not know. */
  exercises_created: Type.Integer(),
  /** Rows left out, by line number of the file, with the reason. */
  rows_rejected: Type.Array(Type.Object({ row: Type.Integer(), reason: Type.String() })),
});

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
