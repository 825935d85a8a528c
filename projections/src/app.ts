import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Config } from '@fitness/contracts';
import { registerApiDocs } from '@fitness/platform/api-docs.ts';
import { createAuthenticator } from '@fitness/platform/authentication.ts';
import { registerHealthRoutes, storeChecks } from '@fitness/platform/health.ts';
import { createHttpApp } from '@fitness/platform/http-app.ts';
import { releaseMemoryAfterBursts } from '@fitness/platform/memory-release.ts';
import { openLease, openStores, PROJECTOR_LEASE } from '@fitness/stores';
import { allProjections, projectionNames } from './all-projections.ts';
import { ProjectorLease } from './projector-lease.ts';
import { type RebuildServices, registerRebuildRoutes } from './rebuild-routes.ts';
import { ProjectionRunner } from './runner.ts';

/** A fold of this many events or more is a burst worth a memory-reducing collection after it. */
const MEMORY_RELEASE_AFTER_EVENTS = 50_000;
/** How long the runner must have folded nothing before that collection. */
const MEMORY_RELEASE_QUIET_MS = 2_000;

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
 * The embedded product is built on it: the same process plus the services' routes (it mounts
 * the rebuild route itself, with the others, so that its OpenAPI document lists it:
 * `rebuildRoutes: false`), hears the runner's notices directly (`changeFeed: false`), and takes
 * no lease (`lease: false`): its data-folder lock (server-lock.ts) already makes it the only one.
 */
export async function buildProjectionsApp(
  config: Config,
  options: {
    logger?: boolean;
    rebuildRoutes?: boolean;
    changeFeed?: boolean;
    lease?: boolean;
    /**
     * Whether GET /health tells the role, holder and positions (the distributed projections
     * process, reached only inside the deployment). The embedded server's faces the internet:
     * it says alive, and nothing of its internals.
     */
    healthDetails?: boolean;
  } = {},
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
  // Folding a long log in (at start, in a rebuild) frees far more than stays alive: once the
  // runner has gone quiet after one, the pages V8 pooled go back to the system.
  const memoryRelease = releaseMemoryAfterBursts({
    minimumWork: MEMORY_RELEASE_AFTER_EVENTS,
    quietMs: MEMORY_RELEASE_QUIET_MS,
    onReleased: (outcome) => app.log.info(outcome, 'returned freed memory to the system'),
  });
  runner.onCommitted((events) => memoryRelease.note(events));
  let projector: ProjectorLease | null = null;
  if (options.lease === false) {
    await runner.start();
  } else {
    // The collections first, so a standby can read (the admin's token, push subscriptions).
    await runner.prepare();
    projector = new ProjectorLease({
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
  }
  registerHealthRoutes(
    app as unknown as Parameters<typeof registerHealthRoutes>[0],
    storeChecks(
      { eventStore, readStore },
      {
        projectionNames,
        maxLagSeconds: config.readyMaxLagSeconds,
      },
    ),
    async () => {
      if (options.healthDetails === false) return {};
      const active = !projector || projector.role() === 'active';
      return {
        role: active ? 'active' : 'standby',
        holder: projector?.held()?.holder ?? null,
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
  if (options.rebuildRoutes !== false) {
    // Standalone, the process serves its own OpenAPI document, which the gateway merges.
    await registerApiDocs(app as unknown as Parameters<typeof registerApiDocs>[0]);
    await app.register(async (api) => registerRebuildRoutes(api, rebuild), { prefix: '/api/v1' });
  }
  app.addHook('onClose', async () => {
    // Stops the runner and lets the lease go, so a standby takes over at its next attempt.
    await projector?.stop();
    await runner.stop();
    memoryRelease.stop();
    await eventStore.close();
    await readStore.close();
  });
  return { app, runner, eventStore, readStore, rebuild, projector };
}
