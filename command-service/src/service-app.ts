import type { Config } from '@fitness/platform/config.ts';
import { createServiceApp, type ServiceAppOptions } from '@fitness/platform/service-app.ts';
import { pollProjectionProgress, projectionNames } from '@fitness/projections';
import { openStores } from '@fitness/stores';
import { CommandHandler } from './core/command-handler.ts';
import { sessionTokenWrites } from './services.ts';

/**
 * What the command service and the query service of the distributed deployment both start from:
 * their stores, the projections' progress polled from the read store (the projections process
 * keeps the read models; authentication and read-your-writes wait on it), and the service app
 * whose authenticator writes a session's life (each token's use, an idle token's revocation)
 * through the command handler returned with it. The query service writes them too: a user who
 * only reads keeps their token alive for their next write.
 */
export async function openServiceApp(config: Config, options: ServiceAppOptions = {}) {
  const stores = await openStores(config);
  const progress = await pollProjectionProgress(stores.readStore);
  const handler = new CommandHandler(stores.eventStore);
  const { app, authenticator } = await createServiceApp(
    config,
    stores,
    progress,
    { projectionNames },
    {
      ...options,
      ...sessionTokenWrites(handler),
    },
  );
  return { app, authenticator, stores, progress, handler };
}
