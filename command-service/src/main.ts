import { readConfig } from '@fitness/platform/config.ts';
import { runMain, serveUntilStopped } from '@fitness/platform/server-process.ts';
import { buildCommandServiceApp } from './app.ts';

/** The command service of the distributed deployment, on PORT (3001). */
runMain(async () => {
  const config = readConfig(process.env, 3001);
  const app = await buildCommandServiceApp(config);
  await serveUntilStopped(app, config);
});
