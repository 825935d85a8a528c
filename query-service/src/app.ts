import { openServiceApp } from '@fitness/command-service';
import type { Config } from '@fitness/platform/config.ts';
import type { ServiceAppOptions } from '@fitness/platform/service-app.ts';
import { eventExplorerRoutes } from './event-explorer/routes.ts';
import { attachLiveChannel } from './live/live-channel.ts';
import { ReadStoreChangeFeed } from './live/read-store-change-feed.ts';
import { queryRoutes } from './routes.ts';
import { createQueryServices } from './services.ts';

/**
 * The query service of the distributed deployment: the read routes under /api/v1 and the
 * socket.io channel, over read models that the projections process keeps. Read-your-writes
 * and the live pushes follow that process through the read store (checkpoints, change feed).
 * Returns the app without listening.
 */
export async function buildQueryServiceApp(config: Config, options: ServiceAppOptions = {}) {
  const { app, authenticator, stores, progress } = await openServiceApp(config, options);
  const services = createQueryServices(config, { ...stores, authenticator, progress });
  // Wrapped, so the prefix does not travel into the route plugins' options and nest again.
  await app.register(
    async (api) => {
      await api.register(queryRoutes, services);
      await api.register(eventExplorerRoutes, { ...stores, authenticator, prefix: '/admin' });
    },
    { prefix: '/api/v1' },
  );

  const feed = new ReadStoreChangeFeed(stores.readStore, { logger: app.log });
  await feed.start();
  const live = attachLiveChannel(app.server, { authenticator, changes: feed, logger: app.log });
  // preClose runs before any onClose hook, so the feed stops reading before the stores close.
  app.addHook('preClose', async () => {
    live.close();
    await feed.stop();
  });
  return app;
}
