import {
  EMPTY_CSV_MESSAGE,
  ErrorBody,
  ImportReport,
  ImportWorkoutsBody,
  ImportWorkoutsQuery,
  InvalidInput,
  MAX_EXPORT_MEGABYTES,
  MAX_EXPORT_ROWS,
} from '@fitness/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { signedInCommands } from '../core/route-group.ts';
import { exportParser } from './export-parser.ts';
import { importWorkouts } from './importer.ts';

const MEGABYTE = 1024 * 1024;
/** The file inside JSON: its escaping at worst doubles the size (see ImportWorkoutsBody). */
const BODY_LIMIT = 2 * MAX_EXPORT_MEGABYTES * MEGABYTE + 64 * 1024;

/** Imports of workout history from other apps, under /api/v1/imports. */
export const importCommandRoutes = signedInCommands(async (app, { services }) => {
  // Kept as the text it is (within the route's body limit; the import refuses what is over
  // the file limit with its own message); only this plugin's routes take CSV.
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // A file inside JSON is up to 10 MB of it: read on the parse thread, where scanning and
  // parsing it (about 150 ms) holds up no one else's request. Refusals are the same as the
  // request thread's (installBoundedJsonParser); the body is then validated here as any other.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (_request: FastifyRequest, body: Buffer) =>
    exportParser.readJson(body),
  );
  // The parse thread starts with the server, in the background (about 100 ms of its own CPU),
  // so that the first upload does not wait for it.
  app.addHook('onListen', (done) => {
    exportParser.start();
    done();
  });

  app.post(
    '/workouts',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['imports'],
        summary: `Import workouts from a Strong or Hevy CSV export (at most ${MAX_EXPORT_MEGABYTES} MB and ${MAX_EXPORT_ROWS} rows), as JSON or as the file itself (text/csv, options in the query); importing a file again adds nothing twice`,
        querystring: ImportWorkoutsQuery,
        body: {
          content: {
            'application/json': { schema: ImportWorkoutsBody },
            'text/csv': { schema: Type.String() },
            // What some clients call a file of text; read as the CSV it is.
            'text/plain': { schema: Type.String() },
          },
        },
        response: { 200: ImportReport, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw new Error('requireUser sets request.auth');
      const upload = uploadOf(request.body as ImportWorkoutsBody | string | undefined, request.query);
      const { report, position } = await importWorkouts(
        services,
        { userId: auth.id, ...upload },
        { actorId: auth.id, correlationId: request.id, now: services.clock() },
      );
      reply.header('X-Event-Position', position);
      return report;
    },
  );
});

/** The file and its options, from a JSON body or from a CSV body and the query. */
function uploadOf(body: ImportWorkoutsBody | string | undefined, query: ImportWorkoutsQuery) {
  // No body at all is not checked by the schemas per content type (there is no content type).
  if (body === undefined || body === null) throw new InvalidInput({ csv: [EMPTY_CSV_MESSAGE] });
  if (typeof body !== 'string') return { csv: body.csv, format: body.format, weightUnit: body.weight_unit };
  if (!/\S/.test(body)) throw new InvalidInput({ csv: [EMPTY_CSV_MESSAGE] });
  return { csv: body, format: query.format, weightUnit: query.weight_unit };
}
