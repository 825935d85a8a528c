import swagger from '@fastify/swagger';
import { CLIENT_TIME_HEADER, CLIENT_TIME_MAX_AGE_MS, CLIENT_TIME_MAX_AHEAD_MS, ErrorBody } from '@fitness/contracts';
import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_OPEN_ROUTES } from './maintenance.ts';

type RouteSchema = {
  response?: Record<string, unknown>;
  hide?: boolean;
  body?: unknown;
  params?: unknown;
} & Record<string, unknown>;

/**
 * Maintenance mode answers 503 on every API route but the few it leaves open, whatever the
 * route itself declares: the document says so on each of them, from the gate's own list.
 */
export function withMaintenanceAnswer(schema: RouteSchema | undefined, method: string, url: string) {
  if (!schema || schema.hide || !url.startsWith('/api/v1/')) return schema;
  if (MAINTENANCE_OPEN_ROUTES.has(`${method} ${url.slice('/api/v1'.length)}`)) return schema;
  return { ...schema, response: { ...schema.response, 503: ErrorBody } };
}

/**
 * The refusals the HTTP layer answers before a route runs, where each can happen: 400 for an
 * address that cannot be read (any route), 414 for a path parameter too long (routes with
 * them), 413 for a body too large or too complex (routes that take one), and 429 where the
 * caller is limited (the sign-in routes' rate limit, and every signed-in read, which takes
 * turns per account).
 */
export function withHttpRefusals(
  schema: RouteSchema | undefined,
  method: string,
  url: string,
  rateLimited: boolean,
): RouteSchema | undefined {
  if (!schema || schema.hide || !url.startsWith('/api/v1/')) return schema;
  const response: Record<string, unknown> = { 400: ErrorBody, ...schema.response };
  if (schema.params || url.includes(':')) response[414] ??= ErrorBody;
  if (schema.body) response[413] ??= ErrorBody;
  if (rateLimited || (method === 'GET' && response[401])) response[429] ??= ErrorBody;
  return { ...schema, response };
}

/**
 * The headers every signed-in write may send, whatever its body: told once for the whole API
 * rather than on each route, as the command context reads them for every write alike.
 */
const WRITE_HEADERS =
  'A signed-in write may send Idempotency-Key (1 to 200 characters): a retry with the same key lands once and ' +
  `answers as the first attempt did. A write that may have waited offline (workouts, their exercises and sets, ` +
  `meals and their entries, water, weigh-ins) may send ${CLIENT_TIME_HEADER}, the moment the user acted, as ` +
  'RFC 3339 with the offset of where they were (2026-11-26T23:50:00+01:00): it is recorded as the time of the ' +
  "action, and a workout started without a date counts for that time's own date. It may be at most " +
  `${CLIENT_TIME_MAX_AHEAD_MS / 60_000} minutes ahead of the server's clock and at most ` +
  `${CLIENT_TIME_MAX_AGE_MS / 86_400_000} days old (and a set no earlier than its workout's start); otherwise ` +
  `422 with errors["${CLIENT_TIME_HEADER}"]. Without it, the server's time of arrival stands.`;

/** The OpenAPI document, generated from the route schemas; served at /api/v1/openapi.json. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fitness tracker API',
        version: '1.0.0',
        description:
          'Writes answer with X-Event-Position; send it back as X-Min-Position on a read to see your own writes. ' +
          'Errors are { message, errors? }. Live changes arrive over socket.io at /socket.io as `change`. ' +
          WRITE_HEADERS,
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const method = String([route.method].flat()[0]);
      const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      const refusals = withHttpRefusals(schema as RouteSchema, method, url, rateLimited);
      return { schema: withMaintenanceAnswer(refusals, method, url) as typeof schema, url };
    },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
