import swagger from '@fastify/swagger';
import { ErrorBody } from '@fitness/contracts';
import type { FastifyInstance } from 'fastify';
import { MAINTENANCE_OPEN_ROUTES } from './maintenance.ts';

type RouteSchema = { response?: Record<string, unknown>; hide?: boolean } & Record<string, unknown>;

/**
 * Maintenance mode answers 503 on every API route but the few it leaves open, whatever the
 * route itself declares: the document says so on each of them, from the gate's own list.
 */
export function withMaintenanceAnswer(schema: RouteSchema | undefined, method: string, url: string) {
  if (!schema || schema.hide || !url.startsWith('/api/v1/')) return schema;
  if (MAINTENANCE_OPEN_ROUTES.has(`${method} ${url.slice('/api/v1'.length)}`)) return schema;
  return { ...schema, response: { ...schema.response, 503: ErrorBody } };
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
      const methods = [route.method].flat();
      return { schema: withMaintenanceAnswer(schema as RouteSchema, String(methods[0]), url) as typeof schema, url };
    },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
