import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Unauthenticated } from '@fitness/platform/errors.ts';
import { exerciseCommandRoutes } from './exercises/routes.ts';
import { importCommandRoutes } from './imports/routes.ts';
import { stepsCommandRoutes } from './metrics/routes.ts';
import { nutritionCommandRoutes } from './nutrition/routes.ts';
import type { CommandServices } from './services.ts';
import { templateCommandRoutes } from './templates/routes.ts';
import { authCommandRoutes } from './users/routes.ts';
import { workoutCommandRoutes } from './workouts/routes.ts';

/** Every write route of the API; mount under /api/v1. */
export const commandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  // Every signed-in write is counted while it runs, and refused once its account is closing.
  app.addHook('preHandler', async (request, reply) => {
    const userId = request.auth?.id;
    if (!userId) return;
    if (!services.writes.enter(userId)) throw new Unauthenticated('This account has been deleted.');
    reply.raw.once('close', () => services.writes.leave(userId));
  });
  await app.register(authCommandRoutes, services);
  await app.register(workoutCommandRoutes, services);
  await app.register(exerciseCommandRoutes, services);
  await app.register(importCommandRoutes, services);
  await app.register(templateCommandRoutes, services);
  await app.register(nutritionCommandRoutes, services);
  await app.register(stepsCommandRoutes, services);
};
