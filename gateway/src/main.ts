import { readConfig } from '@fitness/platform/config.ts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildDistributedGateway } from './distributed-gateway.ts';
import { buildEmbeddedApp } from './embedded-app.ts';
import { holdServerLock } from './server-lock.ts';

/**
 * `npm start`: the embedded product on PORT (3000), data in DATA_DIR (./data). With
 * GATEWAY_MODE=distributed, the same origin in front of the command and query services.
 */
runMain(async () => {
  const config = readConfig();
  if (config.gatewayMode === 'distributed') {
    const app = await buildDistributedGateway(config);
    await serveUntilStopped(app, config);
    app.log.info(
      `Fitness tracker gateway ready on http://localhost:${config.port} ` +
        `(commands: ${config.commandServiceUrl}, queries: ${config.queryServiceUrls.join(', ')})`,
    );
    return;
  }
  const { app } = await buildEmbeddedApp(config);
  // Only the embedded server runs projections against DATA_DIR; the tools check this lock.
  const releaseLock = holdServerLock(config.dataDir);
  app.addHook('onClose', async () => releaseLock());
  await serveUntilStopped(app, config);
  app.log.info(`Fitness tracker ready on http://localhost:${config.port} (data in ${config.dataDir})`);
});
