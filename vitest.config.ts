import { defineConfig } from 'vitest/config';

/**
 * One runner for every test in every workspace: units, store contract suites, API tests over real
 * HTTP and sockets, crash recovery, the distributed mode and the browser tests. Many files start
 * servers and child processes, so each file runs in its own process, two at a time (this machine
 * has two cores), with timeouts sized for a browser journey rather than a unit test.
 */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '.git/**'],
    globalSetup: ['tools/src/vitest-global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    coverage: {
      provider: 'v8',
      include: ['*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.ts', '**/testing/**', '**/contract/**'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
    },
  },
});
