import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { registerApiDocs } from '@fitness/platform/api-docs.ts';
import { createAuthenticator } from '@fitness/platform/authentication.ts';
import type { Config } from '@fitness/platform/config.ts';
import { registerHealthRoutes, storeChecks } from '@fitness/platform/health.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import { openLease, openStores, PROJECTOR_LEASE } from '@fitness/stores';
import { allProjections, projectionNames } from './all-projections.ts';
import { ProjectorLease } from './projector-lease.ts';
import { type RebuildServices, registerRebuildRoutes } from './rebuild-routes.ts';
import { releaseMemoryAfterCatchUps } from './release-memory.ts';
import { ProjectionRunner } from './runner.ts';

/**
 * The projections process of the distributed deployment: one runner keeps every read model,
 * committing each batch with its checkpoint and its change notices, which the query services
 * read from the read store. A second instance may run beside it, as a standby: the runner runs
 * only in the one holding the projector lease (see projector-lease.ts), since two would fold
 * the same events twice (harmless to the documents, thanks to the position guard, but each
 * notice would be announced, and pushed, twice); the standby takes over when the holder dies.
 * GET /health answers the process's role and each projection's position, for supervisors and
 * tests, and GET /ready whether every projection is within READY_MAX_LAG_SECONDS of the log; the
 * admin's POST /api/v1/admin/projections/{name}/rebuild replays one projection here,
 * where the runner is (a standby answers 503).
 * (The embedded server runs the same runner on a thread of its own: projections-thread.ts.)
 */
export async function buildProjectionsApp(config: Config, options: { logger?: boolean } = {}) {
  const { eventStore, readStore } = await openStores(config);
  const app = createHttpApp({ config, logger: options.logger });
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: allProjections,
    logger: app.log,
  });
  const stopReleasingMemory = releaseMemoryAfterCatchUps(runner, app.log);
  // The collections first, so a standby can read (the admin's token, push subscriptions).
  await runner.prepare();
  const projector = new ProjectorLease({
    lease: await openLease(config, {
      name: PROJECTOR_LEASE,
      holder: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
      ttlMs: config.projectorLeaseTtlMs,
    }),
    runner,
    ttlMs: config.projectorLeaseTtlMs,
    logger: app.log,
  });
  await projector.start();
  registerHealthRoutes(
    app,
    storeChecks(
      { eventStore, readStore },
      {
        projectionNames,
        maxLagSeconds: config.readyMaxLagSeconds,
      },
    ),
    async () => {
      const active = projector.role() === 'active';
      return {
        role: active ? 'active' : 'standby',
        holder: projector.held()?.holder ?? null,
        // A standby's runner is idle: what the active one has committed is in the read store.
        positions: active ? runner.positions() : await readStore.checkpoints(),
        committed_batches: runner.committedBatches(),
      };
    },
  );
  const rebuild: RebuildServices = {
    runner,
    eventStore,
    // Only admins' rebuild requests come here: tokens are checked against the users read model
    // (their recorded last use included) but their uses are not recorded from this process, which
    // has no users decider (the command service depends on the projections, not the other way).
    authenticator: createAuthenticator({ eventStore, readStore }, runner, { logger: app.log }),
    projectionNames,
    projector,
  };
  // The process serves its own OpenAPI document, which the gateway merges.
  await registerApiDocs(app);
  await app.register(async (api) => registerRebuildRoutes(api, rebuild), { prefix: '/api/v1/admin/projections' });
  app.addHook('onClose', async () => {
    // Stops the runner and lets the lease go, so a standby takes over at its next attempt.
    await projector.stop();
    await runner.stop();
    stopReleasingMemory();
    await eventStore.close();
    await readStore.close();
  });
  return { app, runner, eventStore, readStore, rebuild, projector };
}
