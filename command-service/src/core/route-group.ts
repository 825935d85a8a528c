import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAdmin, requireUser } from '@fitness/platform/admission.ts';
import type { CommandServices } from '../services.ts';
import { commandRunner } from './command-route.ts';

/** The app a group declares its routes on: their paths follow the prefix routes.ts registers the group under. */
export type CommandApp = Parameters<FastifyPluginAsyncTypebox<CommandServices>>[0];

/** What a group's routes are declared with: the app, the services, and the one runner of their commands. */
export type CommandRoutes = (
  app: CommandApp,
  group: { services: CommandServices; run: ReturnType<typeof commandRunner> },
) => Promise<void>;

/**
 * A group of write routes for signed-in users, as a plugin to register under the group's prefix:
 * each request is authenticated before anything else runs (401 for a guest), and the routes run
 * their commands through commandRunner. A route at the prefix itself is declared at '' (with '/',
 * Fastify would also answer the prefix followed by a slash).
 */
export const signedInCommands = (routes: CommandRoutes) => commandGroup(requireUser, routes);

/** The same for admins' write routes: a signed-in user who is not an admin is told 403. */
export const adminCommands = (routes: CommandRoutes) => commandGroup(requireAdmin, routes);

function commandGroup(admit: typeof requireUser, routes: CommandRoutes): FastifyPluginAsyncTypebox<CommandServices> {
  return async (app, services) => {
    app.addHook('onRequest', admit(services.authenticator));
    await routes(app, { services, run: commandRunner(services) });
  };
}
