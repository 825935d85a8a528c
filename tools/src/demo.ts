import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildEmbeddedApp } from '@fitness/gateway/embedded-app.ts';
import { holdServerLock, runningServerPid } from '@fitness/gateway/server-lock.ts';
import { apiClient } from '@fitness/gateway/testing/api-client.ts';
import { readConfig } from '@fitness/platform/config.ts';
import { allProjections } from '@fitness/projections';
import { seedHistory } from './demo-history.ts';
import { progressBar } from './progress-bar.ts';

const USAGE = `Creates a demo account with a year of training, meals, water, steps and body weight,
written through the API like any user's, and prints how to sign in.

  npm run demo                       into DATA_DIR (through the running server if there is one)
  npm run demo -- --url <origin>     into the server at that origin, e.g. http://localhost:3000
  npm run demo -- --days 90          a shorter history`;

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, days: { type: 'string', default: '365' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new Error('--days must be a whole number from 1 to 3650');

  const config = readConfig();
  let origin = values.url;
  let stop = async () => {};
  if (!origin && runningServerPid(config.dataDir)) origin = `http://127.0.0.1:${config.port}`;
  if (!origin) {
    // No server: run the embedded product here for the length of the seeding.
    const { app, runner, eventStore } = await buildEmbeddedApp(config, { logger: false });
    const release = holdServerLock(config.dataDir);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The embedded server has no port');
    origin = `http://127.0.0.1:${address.port}`;
    stop = async () => {
      // Let the read models take in the last events before the process goes.
      const models = allProjections.map((projection) => projection.collection.name);
      await runner.waitFor(models, await eventStore.headPosition(), 60_000);
      await app.close();
      release();
    };
  }

  try {
    const api = apiClient(origin.replace(/\/$/, ''));
    const email = 'demo@stride.example';
    const password = randomBytes(8).toString('hex');
    const registered = await api('POST', '/auth/register', {
      body: { name: 'Demo Athlete', email, password, password_confirmation: password },
    });
    if (registered.status !== 201 && registered.status !== 200) {
      const taken = JSON.stringify(registered.body).includes('already been taken');
      throw new Error(
        taken
          ? `${email} already exists here; sign in with the password printed when it was made, or use a fresh DATA_DIR.`
          : `Registration failed (${registered.status}): ${JSON.stringify(registered.body)}`,
      );
    }
    const until = new Date().toISOString().slice(0, 10);
    const started = Date.now();
    const result = await seedHistory({
      api,
      token: registered.body.token,
      until,
      days,
      onDay: progressBar('demo days'),
    });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `\nDemo account ready: ${result.commands} commands, ${result.from} to ${result.until}, in ${seconds.toFixed(1)} s.`,
    );
    console.log(`  Sign in at ${values.url ?? `http://localhost:${config.port}`}/login`);
    console.log(`  email:    ${email}`);
    console.log(`  password: ${password}`);
    if (registered.body.user?.role === 'admin') {
      console.log("  It is this data folder's first account, so it is also its admin.");
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
