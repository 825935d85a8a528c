import type { Config, ProjectionProgress } from '@fitness/contracts';
import type { EventStore, ReadStore } from '@fitness/stores';
import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from './api-docs.ts';
import { createAuthenticator } from './authentication.ts';
import { createHttpApp } from './http-app.ts';

export type ServiceAppOptions = {
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
};

/**
 * What a separately deployed service (command or query) starts from: an HTTP app with the house
 * rules that serves the OpenAPI document of the routes it then mounts (the gateway merges the
 * services' documents), the authenticator, and closing the stores when the app closes.
 * `progress` is the projections' progress as this process can see it (polled, in practice).
 */
export async function createServiceApp(
  config: Config,
  stores: { eventStore: EventStore; readStore: ReadStore },
  progress: ProjectionProgress,
  options: ServiceAppOptions = {},
) {
  const app = createHttpApp({ logLevel: config.logLevel, logger: options.logger });
  await registerApiDocs(app as unknown as FastifyInstance);
  app.addHook('onClose', async () => {
    await stores.eventStore.close();
    await stores.readStore.close();
  });
  return { app, authenticator: createAuthenticator(stores, progress) };
}
