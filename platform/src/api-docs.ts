import swagger from '@fastify/swagger';
import { ErrorBody } from '@fitness/contracts';
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
          'Errors are { message, errors? }. Live changes arrive over socket.io at /socket.io as `change`.',
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
