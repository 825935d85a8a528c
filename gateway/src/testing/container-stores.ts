import { randomUUID } from 'node:crypto';
import { startEventStoreDb } from '@fitness/stores/testing/containers.ts';

/**
 * Which stores a test server runs on. By default (`npm test`) its own SQLite files; under
 * `npm run test:containers` (TEST_STORES=containers, set by vitest.containers.config.ts)
 * EventStoreDB and MongoDB: an EventStoreDB of its own, started now (a log cannot be shared:
 * suites count on starting from an empty one, the first account being the admin), and a
 * database of its own in the run's MongoDB. A server started again on the same data folder
 * (a restart) finds the same stores. `stop` ends what was started for it; what is not stopped,
 * testcontainers' reaper removes when the test process ends.
 */
export async function testStores(dataDir: string): Promise<TestStores> {
  if (process.env.TEST_STORES !== 'containers') return { env: {}, stop: async () => {} };
  const started = byDataDir.get(dataDir) ?? startStores();
  byDataDir.set(dataDir, started);
  return started;
}

type TestStores = { env: Record<string, string>; stop: () => Promise<void> };
const byDataDir = new Map<string, Promise<TestStores>>();

async function startStores(): Promise<TestStores> {
  const mongoUrl = process.env.TEST_MONGODB_URL;
  if (!mongoUrl) throw new Error('TEST_STORES=containers without TEST_MONGODB_URL: run `npm run test:containers`');
  const eventStoreDb = await startEventStoreDb();
  return {
    env: {
      EVENT_STORE: 'eventstoredb',
      EVENTSTOREDB_URL: eventStoreDb.url,
      READ_STORE: 'mongodb',
      MONGODB_URL: mongoUrl,
      MONGODB_DATABASE: `test_${randomUUID().replaceAll('-', '')}`,
    },
    stop: eventStoreDb.stop,
  };
}
