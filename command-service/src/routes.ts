import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Unauthenticated } from '@fitness/platform/errors.ts';
import { registerMaintenanceGate } from '@fitness/platform/maintenance.ts';
import { adminCommandRoutes } from './admin/routes.ts';
import { bodyWeightCommandRoutes } from './body-weight/routes.ts';
import { exerciseCommandRoutes } from './exercises/routes.ts';
import { foodCommandRoutes } from './foods/routes.ts';
import { googleSignInRoutes } from './google-sign-in/routes.ts';
import { importCommandRoutes } from './imports/routes.ts';
import { mealCopyRoutes } from './meals/copy-routes.ts';
import { mealCommandRoutes } from './meals/routes.ts';
import { savedMealCommandRoutes } from './saved-meals/routes.ts';
import type { CommandServices } from './services.ts';
import { stepsCommandRoutes } from './steps/routes.ts';
import { systemSettingsCommandRoutes } from './system-settings/routes.ts';
import { templateCommandRoutes, workoutTemplateRoutes } from './templates/routes.ts';
import { accessTokenCommandRoutes, clientSettingsCommandRoutes } from './users/account-routes.ts';
import { accountSecurityRoutes, passwordResetRoutes } from './users/account-security/routes.ts';
import { pushSubscriptionCommandRoutes } from './users/push-subscriptions/routes.ts';
import { userCommandRoutes } from './users/routes.ts';
import { signInCommandRoutes } from './users/sign-in/routes.ts';
import { waterCommandRoutes } from './water/routes.ts';
import { workoutCommandRoutes } from './workouts/routes.ts';

/** Every write route of the API; mount under /api/v1. */
export const commandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  // Each group of routes is registered under its prefix; its plugin's options are the services.
  const at = (prefix: string) => ({ ...services, prefix });
  registerMaintenanceGate(app, services.authenticator);
  // Every signed-in write is counted while it runs, and refused once its account is closing.
  // In callback form: every write passes here, and an async hook costs each a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const userId = request.auth?.id;
    if (!userId) return done();
    if (!services.writes.enter(userId)) return done(new Unauthenticated('This account has been deleted.'));
    reply.raw.once('close', () => services.writes.leave(userId));
    done();
  });
  await app.register(signInCommandRoutes, at('/auth'));
  await app.register(googleSignInRoutes, at('/auth/google'));
  await app.register(accountSecurityRoutes, at('/auth'));
  await app.register(passwordResetRoutes, at('/password'));
  await app.register(accessTokenCommandRoutes, at('/auth/tokens'));
  await app.register(userCommandRoutes, at('/me'));
  await app.register(clientSettingsCommandRoutes, at('/me/settings'));
  await app.register(pushSubscriptionCommandRoutes, at('/me/push-subscriptions'));
  await app.register(workoutCommandRoutes, at('/workouts'));
  await app.register(exerciseCommandRoutes, at('/exercises'));
  await app.register(importCommandRoutes, at('/imports'));
  await app.register(templateCommandRoutes, at('/templates'));
  await app.register(workoutTemplateRoutes, at('/workouts'));
  await app.register(foodCommandRoutes, at('/foods'));
  await app.register(mealCommandRoutes, at('/meals'));
  await app.register(mealCopyRoutes, at('/meals'));
  await app.register(savedMealCommandRoutes, at('/saved-meals'));
  await app.register(waterCommandRoutes, at('/water'));
  await app.register(stepsCommandRoutes, at('/steps'));
  await app.register(bodyWeightCommandRoutes, at('/body-weight'));
  await app.register(adminCommandRoutes, at('/admin/users'));
  await app.register(systemSettingsCommandRoutes, at('/admin/settings'));
};
