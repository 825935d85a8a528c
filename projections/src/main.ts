import { readConfig } from '@fitness/contracts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildProjectionsApp } from './app.ts';

/** The projections process of the distributed deployment; its health endpoint on PORT (3003). */
runMain(async () => {
  const config = readConfig(process.env, 3003);
  const { app } = await buildProjectionsApp(config);
  await serveUntilStopped(app, config);
});
