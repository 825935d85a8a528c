import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, User } from '@fitness/contracts';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';

/** The signed-in user, with profile. Authentication already loaded it from the `users` model. */
export const userQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook('onRequest', signedInRead(services, ['users']));
  const schema = (summary: string) => ({ tags: ['account'], summary, response: { 200: User, 401: ErrorBody } });
  app.get('/auth/me', { schema: schema('The signed-in user with profile') }, async (request) => request.auth?.user);
  app.get('/me', { schema: schema('The signed-in account with profile') }, async (request) => request.auth?.user);
};
