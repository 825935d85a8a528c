import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { containerRuntimeUnavailable } from '@fitness/stores/testing/container-runtime.ts';
import { test } from 'vitest';
import { API_SUITES_FOLDER } from './container-suites.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const unavailable = await containerRuntimeUnavailable();

/**
 * The API and live-channel suites on EventStoreDB and MongoDB, as part of `npm test` wherever
 * a container runtime exists: `npm run test:containers` restricted to gateway/src/api, since
 * `npm test` runs the adapters' contract suites itself (container-suites.ts), and running them
 * here too would run them twice. Without a runtime it is skipped with the reason (printed, and
 * in the title); `npm run test:containers` then lists it as its own skipped part.
 */
if (unavailable) {
  test.skip(`API and live-channel suites on EventStoreDB and MongoDB (${unavailable})`, () => {});
} else {
  test('API and live-channel suites on EventStoreDB and MongoDB', () => {
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.containers.config.ts', API_SUITES_FOLDER], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    assert.equal(run.status, 0, 'the API suites passed on EventStoreDB and MongoDB');
  }, 3_600_000);
}
