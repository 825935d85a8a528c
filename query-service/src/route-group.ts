import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedInRead } from './read-your-writes.ts';
import type { QueryServices } from './services.ts';

/** The app a group declares its routes on: their paths follow the prefix routes.ts registers the group under. */
export type QueryApp = Parameters<FastifyPluginAsyncTypebox<QueryServices>>[0];

export type QueryRoutes = (app: QueryApp, services: QueryServices) => Promise<void>;

/**
 * A group of signed-in reads of some read models, as a plugin to register under the group's
 * prefix: each request is authenticated before anything else runs (401 for a guest), then waits
 * for the reader's own writes to reach those models (see signedInRead). A route at the prefix
 * itself is declared at '' (with '/', Fastify would also answer the prefix followed by a slash).
 */
export function signedInReads(models: string[], routes: QueryRoutes): FastifyPluginAsyncTypebox<QueryServices> {
  return async (app, services) => {
    app.addHook('onRequest', signedInRead(services, models));
    await routes(app, services);
  };
}
