import type { ProjectionProgress } from '@fitness/contracts';
import type { EventStore, ReadStore } from '@fitness/stores';
import { registerApiDocs } from './api-docs.ts';
import { createAuthenticator, type RecordTokenUse, type RevokeIdleToken } from './authentication.ts';
import type { Config } from './config.ts';
import { registerHealthRoutes, storeChecks } from './health.ts';
import { createHttpApp } from './http-app.ts';

export type ServiceAppOptions = {
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
  /** How the authenticator records a token's use (the session timeout's last use, durable). */
  recordTokenUse?: RecordTokenUse;
  /** How the authenticator revokes a token it found idle, so a longer timeout does not revive it. */
  revokeIdleToken?: RevokeIdleToken;
};

/** What /ready waits for: every projection the product runs (the services cannot list them). */
export type Readiness = { projectionNames: string[] };

/**
 * What a separately deployed service (command or query) starts from: an HTTP app with the house
 * rules that serves the OpenAPI document of the routes it then mounts (the gateway merges the
 * services' documents), GET /health and /ready, the authenticator, and closing the stores when
 * the app closes.
 * `progress` is the projections' progress as this process can see it (polled, in practice).
 */
export async function createServiceApp(
  config: Config,
  stores: { eventStore: EventStore; readStore: ReadStore },
  progress: ProjectionProgress,
  readiness: Readiness,
  options: ServiceAppOptions = {},
) {
  const app = createHttpApp({ config, logger: options.logger });
  await registerApiDocs(app);
  registerHealthRoutes(app, storeChecks(stores, { ...readiness, maxLagSeconds: config.readyMaxLagSeconds }));
  app.addHook('onClose', async () => {
    await stores.eventStore.close();
    await stores.readStore.close();
  });
  // No change notices: a service hears of a revoked token later than the read model has it (if
  // at all), so it keeps no token's answer and reads the users read model on every request.
  const authenticator = createAuthenticator(stores, progress, {
    recordTokenUse: options.recordTokenUse,
    revokeIdleToken: options.revokeIdleToken,
    logger: app.log,
  });
  return { app, authenticator };
}
