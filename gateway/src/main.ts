import { ConfigError, readConfig } from '@fitness/contracts';
import { buildEmbeddedApp } from './embedded-app.ts';
import { holdServerLock } from './server-lock.ts';

/** `npm start`: the embedded product on PORT (3000), data in DATA_DIR (./data). */
async function main() {
  const config = readConfig();
  const { app } = await buildEmbeddedApp(config);
  const releaseLock = holdServerLock(config.dataDir);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Fitness tracker ready on http://localhost:${config.port} (data in ${config.dataDir})`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
