import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '@fitness/platform/config.ts';
import { allProjections } from '@fitness/projections';
import type { SyncFile } from '@fitness/stores';
import { buildEmbeddedApp } from '../embedded-app.ts';
import { apiClient, registerUser } from './api-client.ts';
import { testStores } from './container-stores.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The embedded product on a free port with its own SQLite files in a temp folder (or, under
 * `npm run test:containers`, its own EventStoreDB and MongoDB database): real HTTP, real stores,
 * real sockets. Helpers speak the API as a client would.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { clock?: () => Date; syncEventLog?: SyncFile } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fitness-test-'));
  const stores = await testStores(dataDir);
  const config = readConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT: '10000',
    ...stores.env,
    ...env,
  });
  const built = await buildEmbeddedApp(config, { logger: false, ...options });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const api = apiClient(baseUrl);
  const register = (name?: string, options?: { onboarding?: boolean }) => registerUser(api, name, options);

  return {
    ...built,
    baseUrl,
    dataDir,
    config,
    api,
    register,
    /** Waits for every projection to fold in the log's head (all written so far); fails the test if not within `ms`. */
    async caughtUp(ms = 10_000) {
      const head = await built.eventStore.headPosition();
      const names = allProjections.map((projection) => projection.name);
      assert.ok(await built.runner.waitFor(names, head, ms), `the projections caught up with ${head} within ${ms} ms`);
    },
    async close() {
      await built.app.close();
      await stores.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The embedded product with one account registered, for the API tests that act as one user. */
export async function startTestServerWithUser() {
  const server = await startTestServer();
  return { server, token: (await server.register()).token };
}
