import { readConfig } from '@fitness/platform/config.ts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildQueryServiceApp } from './app.ts';

/** The query service of the distributed deployment, on PORT (3002). */
runMain(async () => {
  const config = readConfig(process.env, 3002);
  const app = await buildQueryServiceApp(config);
  await serveUntilStopped(app, config);
});
