import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerMaintenanceGate } from '@fitness/platform/maintenance.ts';
import type { FastifyInstance } from 'fastify';
import { adminQueryRoutes } from './admin/routes.ts';
import { adminSettingsQueryRoutes, siteQueryRoutes } from './admin/settings-routes.ts';
import { exerciseProgressRoutes } from './exercises/progress-routes.ts';
import { exerciseQueryRoutes } from './exercises/routes.ts';
import { metricsQueryRoutes } from './metrics/routes.ts';
import { trainingWeeksRoutes } from './metrics/training-weeks-routes.ts';
import { nutritionQueryRoutes } from './nutrition/routes.ts';
import { registerReadTurns } from './read-turns.ts';
import type { QueryServices } from './services.ts';
import { templateQueryRoutes } from './templates/routes.ts';
import { pushPublicKeyRoutes, pushSubscriptionQueryRoutes } from './users/push-subscription-routes.ts';
import { accountExportRoutes, userQueryRoutes } from './users/routes.ts';
import { weatherQueryRoutes } from './weather/routes.ts';
import { workoutQueryRoutes } from './workouts/routes.ts';

/** Every read route of the API; mount under /api/v1. */
export const queryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  registerMaintenanceGate(app as unknown as FastifyInstance, services.authenticator);
  registerReadTurns(app as unknown as FastifyInstance);
  await app.register(siteQueryRoutes, services);
  await app.register(adminSettingsQueryRoutes, services);
  await app.register(userQueryRoutes, services);
  await app.register(accountExportRoutes, services);
  await app.register(pushSubscriptionQueryRoutes, services);
  await app.register(pushPublicKeyRoutes, services);
  await app.register(workoutQueryRoutes, services);
  await app.register(exerciseQueryRoutes, services);
  await app.register(exerciseProgressRoutes, services);
  await app.register(templateQueryRoutes, services);
  await app.register(nutritionQueryRoutes, services);
  await app.register(metricsQueryRoutes, services);
  await app.register(trainingWeeksRoutes, services);
  await app.register(weatherQueryRoutes, services);
  await app.register(adminQueryRoutes, services);
};
