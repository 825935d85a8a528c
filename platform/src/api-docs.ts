import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

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
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
