import cookie from '@fastify/cookie';
import { createMailer } from '@fitness/notifications/mail/create-mailer.ts';
import type { Config } from '@fitness/platform/config.ts';
import type { ServiceAppOptions } from '@fitness/platform/service-app.ts';
import { openCounters } from '@fitness/stores';
import { commandRoutes } from './routes.ts';
import { openServiceApp } from './service-app.ts';
import { createCommandServices, finishErasures, seedCatalogues, sendWeeklyReports } from './services.ts';

/**
 * The command service of the distributed deployment: the write routes under /api/v1. Any
 * number of instances may run; the event store's expected revisions keep their appends
 * consistent. Returns the app without listening.
 */
export async function buildCommandServiceApp(config: Config, options: ServiceAppOptions = {}) {
  const { app, authenticator, stores, progress, handler } = await openServiceApp(config, options);
  const mailer = createMailer(config, app.log);
  // Shared with the other instances, so a client's sign-in attempts count once whichever it reaches.
  const counters = await openCounters(config);
  app.addHook('onClose', async () => counters.close());
  const services = createCommandServices(config, {
    handler,
    eventStore: stores.eventStore,
    authenticator,
    progress,
    clock: () => new Date(),
    logger: app.log,
    readStore: stores.readStore,
    counters,
    // The account mails (verification, reset, password changed) are sent where their routes run.
    mailer,
  });
  await seedCatalogues(services);
  // Google sign-in keeps the sign-in under way in a cookie; the gateway passes cookies through.
  await app.register(cookie);
  // Wrapped, so the prefix does not travel into the route plugins' options and nest again.
  await app.register(async (api) => api.register(commandRoutes, services), { prefix: '/api/v1' });
  finishErasures(app, services.erasure);
  sendWeeklyReports(app, config, { handler, readStore: stores.readStore, mailer, clock: services.clock });
  return app;
}
