import type { Config } from '@fitness/contracts';
import { registerApiDocs } from '@fitness/platform/api-docs.ts';
import { createAuthenticator } from '@fitness/platform/authentication.ts';
import { registerHealthRoutes, storeChecks } from '@fitness/platform/health.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import { openStores } from '@fitness/stores';
import { allProjections } from './all-projections.ts';
import { type RebuildServices, registerRebuildRoutes } from './rebuild-routes.ts';
import { ProjectionRunner } from './runner.ts';

/**
 * The projections process of the distributed deployment: one runner keeps every read model,
 * committing each batch with its checkpoint and its change notices, which the query services
 * read from the read store. Run one instance: two would fold the same events twice (harmless
 * to the documents, thanks to the position guard, but each notice would be announced twice).
 * GET /health answers each projection's position, for supervisors and tests, and GET /ready whether
 * every projection is within READY_MAX_LAG_SECONDS of the log; the admin's
 * POST /api/v1/admin/projections/{name}/rebuild replays one projection here, where the runner is.
 * The embedded product is built on it: the same process plus the services' routes (it mounts
 * the rebuild route itself, with the others, so that its OpenAPI document lists it:
 * `rebuildRoutes: false`), and hears the runner's notices directly (`changeFeed: false`).
 */
export async function buildProjectionsApp(
  config: Config,
  options: { logger?: boolean; rebuildRoutes?: boolean; changeFeed?: boolean } = {},
) {
  const { eventStore, readStore } = await openStores(config);
  const app = createHttpApp({
    logLevel: config.logLevel,
    logger: options.logger,
    trustProxy: config.trustProxy,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: allProjections,
    logger: app.log,
    changeFeed: options.changeFeed ?? true,
  });
  await runner.start();
  registerHealthRoutes(
    app as unknown as Parameters<typeof registerHealthRoutes>[0],
    storeChecks(
      { eventStore, readStore },
      {
        projectionNames: allProjections.map((projection) => projection.name),
        maxLagSeconds: config.readyMaxLagSeconds,
      },
    ),
    () => ({ positions: runner.positions() }),
  );
  const rebuild: RebuildServices = {
    runner,
    eventStore,
    // Only admins' rebuild requests come here: tokens are checked against the users read model
    // (their recorded last use included) but their uses are not recorded from this process, which
    // has no users decider (the command service depends on the projections, not the other way).
    authenticator: createAuthenticator({ eventStore, readStore }, runner, { logger: app.log }),
    projectionNames: allProjections.map((projection) => projection.name),
  };
  if (options.rebuildRoutes !== false) {
    // Standalone, the process serves its own OpenAPI document, which the gateway merges.
    await registerApiDocs(app as unknown as Parameters<typeof registerApiDocs>[0]);
    await app.register(async (api) => registerRebuildRoutes(api, rebuild), { prefix: '/api/v1' });
  }
  app.addHook('onClose', async () => {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
  return { app, runner, eventStore, readStore, rebuild };
}
