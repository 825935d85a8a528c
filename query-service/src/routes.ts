import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerMaintenanceGate } from '@fitness/platform/maintenance.ts';
import { adminQueryRoutes } from './admin/routes.ts';
import { bodyWeightQueryRoutes } from './body-weight/routes.ts';
import { exerciseProgressRoutes } from './exercises/progress-routes.ts';
import { exerciseQueryRoutes } from './exercises/routes.ts';
import { foodQueryRoutes } from './foods/routes.ts';
import { mealQueryRoutes } from './meals/routes.ts';
import { metricsQueryRoutes } from './metrics/routes.ts';
import { trainingWeeksRoutes } from './metrics/training-weeks-routes.ts';
import { nutritionTargetsRoutes } from './nutrition/targets-routes.ts';
import { registerReadTurns } from './read-turns.ts';
import { savedMealQueryRoutes } from './saved-meals/routes.ts';
import type { QueryServices } from './services.ts';
import { adminSettingsQueryRoutes, siteQueryRoutes } from './system-settings/routes.ts';
import { templateQueryRoutes } from './templates/routes.ts';
import { pushPublicKeyRoutes, pushSubscriptionQueryRoutes } from './users/push-subscription-routes.ts';
import { accountExportRoutes, userQueryRoutes } from './users/routes.ts';
import { waterQueryRoutes } from './water/routes.ts';
import { weatherQueryRoutes } from './weather/routes.ts';
import { workoutQueryRoutes } from './workouts/routes.ts';

/** Every read route of the API; mount under /api/v1. */
export const queryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  // Each group of routes is registered under its prefix; its plugin's options are the services.
  const at = (prefix: string) => ({ ...services, prefix });
  registerMaintenanceGate(app, services.authenticator);
  registerReadTurns(app);
  await app.register(siteQueryRoutes, at('/site'));
  await app.register(adminSettingsQueryRoutes, at('/admin/settings'));
  await app.register(userQueryRoutes, services);
  await app.register(accountExportRoutes, services);
  await app.register(pushSubscriptionQueryRoutes, services);
  await app.register(pushPublicKeyRoutes, services);
  await app.register(workoutQueryRoutes, at('/workouts'));
  await app.register(exerciseQueryRoutes, at('/exercises'));
  await app.register(exerciseProgressRoutes, at('/exercises'));
  await app.register(templateQueryRoutes, at('/templates'));
  await app.register(foodQueryRoutes, at('/foods'));
  await app.register(mealQueryRoutes, at('/meals'));
  await app.register(waterQueryRoutes, at('/water'));
  await app.register(nutritionTargetsRoutes, at('/nutrition/targets'));
  await app.register(savedMealQueryRoutes, at('/saved-meals'));
  await app.register(metricsQueryRoutes, at('/metrics'));
  await app.register(bodyWeightQueryRoutes, at('/body-weight'));
  await app.register(trainingWeeksRoutes, at('/metrics'));
  await app.register(weatherQueryRoutes, at('/weather'));
  await app.register(adminQueryRoutes, at('/admin'));
};
