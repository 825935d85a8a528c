import {
  CommandHandler,
  commandRoutes,
  createCommandServices,
  finishErasures,
  goneSubscriptionRecorder,
  seedCatalogues,
  sendWeeklyReports,
  sessionTokenWrites,
  userRoles,
} from '@fitness/command-service';
import { createMailer } from '@fitness/notifications/mail/create-mailer.ts';
import { startPushNotifications } from '@fitness/notifications/push/push-notifications.ts';
import { registerApiDocs } from '@fitness/platform/api-docs.ts';
import { createAuthenticator } from '@fitness/platform/authentication.ts';
import type { Config } from '@fitness/platform/config.ts';
import { registerHealthRoutes, storeChecks } from '@fitness/platform/health.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import { OwnWrites, recordOwnWrites } from '@fitness/platform/own-writes.ts';
import { allProjections, projectionNames } from '@fitness/projections/all-projections.ts';
import { ProjectionsThread } from '@fitness/projections/projections-thread.ts';
import { registerRebuildRoutes } from '@fitness/projections/rebuild-routes.ts';
import { attachLiveChannel, createQueryServices, queryRoutes } from '@fitness/query-service';
import { eventExplorerRoutes } from '@fitness/query-service/event-explorer/routes.ts';
import { openCounters, openStores, type SyncFile } from '@fitness/stores';
import { registerCsrfCookie } from './csrf.ts';
import { registerFrontend } from './frontend.ts';
import { registerSecurityHeaders } from './security-headers.ts';

export type EmbeddedAppOptions = {
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
  clock?: () => Date;
  /** The built web app to serve (default frontend/dist); a test of new versions serves a copy it changes. */
  frontendDist?: string;
  /** How the SQLite event log is synced to disk (default `fs.fdatasync`); a test injects a failing one. */
  syncEventLog?: SyncFile;
};

/**
 * The whole product in one process: command and query routes under /api/v1, the projections
 * runner (on a thread of its own), the live channel (fed by that thread's notices) and the web
 * app, on one origin.
 * Returns the app without listening.
 */
export async function buildEmbeddedApp(config: Config, options: EmbeddedAppOptions = {}) {
  const { eventStore, readStore } = await openStores(config, { sqliteEventStore: { syncFile: options.syncEventLog } });
  const app = createHttpApp({ config, logger: options.logger });
  // The projections on a thread of their own; this thread hears what they commit at once.
  const runner = new ProjectionsThread({ config, eventStore, logger: app.log });
  await runner.start();
  // This connection serves only the collections it was told of (the thread created them).
  await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
  app.addHook('onClose', async () => {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
  // It faces the internet: alive and ready, and nothing of its internals.
  registerHealthRoutes(
    app,
    storeChecks({ eventStore, readStore }, { projectionNames, maxLagSeconds: config.readyMaxLagSeconds }),
  );

  const clock = options.clock ?? (() => new Date());
  // The commands and the authenticator's token records (TokenUsed, idle revocations) share one handler.
  const handler = new CommandHandler(eventStore, { soleWriter: true });
  const authenticator = createAuthenticator({ eventStore, readStore }, runner, {
    now: clock,
    ...sessionTokenWrites(handler),
    logger: app.log,
    // The runner is in this process: what it changes, the authenticator hears of at once.
    changes: runner,
  });
  // One mail adapter (SMTP, or .eml files under DATA_DIR/mail) for every sender.
  const mailer = createMailer(config, app.log);
  // The sign-in rate limits and wrong passwords, in counters.sqlite: one process, one statement a count.
  const counters = await openCounters(config);
  app.addHook('onClose', async () => counters.close());
  const commandServices = createCommandServices(config, {
    handler,
    eventStore,
    authenticator,
    progress: runner,
    clock,
    logger: app.log,
    readStore,
    counters,
    mailer,
  });
  await seedCatalogues(commandServices);

  // The projections run beside the requests: a user's read waits for their own last write.
  const ownWrites = new OwnWrites();
  recordOwnWrites(app, ownWrites);
  registerSecurityHeaders(app, config, options.frontendDist);
  await registerApiDocs(app);
  await registerCsrfCookie(app);
  await app.register(
    async (api) => {
      await api.register(commandRoutes, commandServices);
      await api.register(
        queryRoutes,
        createQueryServices(config, { readStore, eventStore, authenticator, progress: runner, ownWrites }),
      );
      await api.register(eventExplorerRoutes, { eventStore, readStore, authenticator, prefix: '/admin' });
      await api.register(
        async (scope) =>
          registerRebuildRoutes(scope, { runner, eventStore, authenticator, projectionNames, projector: null }),
        { prefix: '/admin/projections' },
      );
    },
    { prefix: '/api/v1' },
  );
  await registerFrontend(app, options.frontendDist);
  finishErasures(app, commandServices.erasure);
  const weeklyReports = sendWeeklyReports(app, config, { handler, readStore, mailer, clock });

  const live = attachLiveChannel(app.server, { authenticator, changes: runner, logger: app.log });
  app.addHook('preClose', async () => live.close());
  // Pushes follow the runner's notices; a subscription the push service says is gone is removed.
  const push = await startPushNotifications(config, {
    readStore,
    changes: runner,
    forgetSubscription: goneSubscriptionRecorder(handler, clock),
    clock,
    logger: app.log,
  });
  app.addHook('preClose', async () => push.stop());
  // Tests change roles as the console does (npm run users), without an admin's request.
  const accounts = userRoles(commandServices);
  return { app, runner, eventStore, readStore, accounts, handler, mailer, weeklyReports, push, live };
}
