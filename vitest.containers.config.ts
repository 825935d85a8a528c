import { defineConfig } from 'vitest/config';
import { containerRuntimeUnavailable } from './stores/src/testing/container-runtime.ts';
import { startMongoReplicaSet } from './stores/src/testing/containers.ts';
import { API_SUITES, CONTRACT_SUITES } from './tools/src/containers/container-suites.ts';
import base from './vitest.config.ts';

/**
 * `npm run test:containers`: everything that runs on EventStoreDB and MongoDB. The adapters'
 * contract suites (each starts the stores it needs), and the API and live-channel suites
 * (gateway/src/api) on them instead of SQLite files. The run's MongoDB starts here, before any
 * suite (each test server takes a database of its own in it, and starts an EventStoreDB of its
 * own: gateway/src/testing/container-stores.ts); testcontainers' reaper removes the containers
 * when the run ends. Without a container runtime (this build machine) every suite here is
 * skipped with the reason printed: counted as skipped, never as passed.
 */
export default defineConfig(async () => {
  const unavailable = await containerRuntimeUnavailable();
  if (unavailable) {
    return {
      test: {
        ...base.test,
        include: [...CONTRACT_SUITES, 'tools/src/containers/containers.test.ts'],
        globalSetup: [],
      },
    };
  }
  const mongo = await startMongoReplicaSet();
  // Not mergeConfig: it would add these lists to the base's rather than replace them.
  return {
    test: {
      ...base.test,
      include: [...CONTRACT_SUITES, ...API_SUITES],
      env: { TEST_STORES: 'containers', TEST_MONGODB_URL: mongo.url },
      // Every API suite starts an EventStoreDB: room for it to come up.
      hookTimeout: 300_000,
    },
  };
});
