import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { containerRuntimeUnavailable } from '@fitness/stores/testing/container-runtime.ts';
import { test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const unavailable = await containerRuntimeUnavailable();

/**
 * The API and live-channel suites on EventStoreDB and MongoDB (`npm run test:containers`, see
 * vitest.containers.config.ts), as part of `npm test` wherever a container runtime exists; here
 * there is none, so it is skipped with the reason (printed, and in the title).
 */
if (unavailable) {
  test.skip(`API and live-channel suites on EventStoreDB and MongoDB (${unavailable})`, () => {});
} else {
  test('API and live-channel suites on EventStoreDB and MongoDB', () => {
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.containers.config.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    assert.equal(run.status, 0, 'npm run test:containers passed');
  }, 3_600_000);
}
