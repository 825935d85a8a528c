/**
 * The suites that need EventStoreDB and MongoDB, named once for `npm run test:containers`
 * (vitest.containers.config.ts) and for `npm test`'s way into it (containers.test.ts).
 *
 * Every suite of the two adapters: their contract suites start their own stores through
 * testcontainers and skip with the reason printed where there is no container runtime, beside
 * the tests of their pure parts (what to do with a server's answer), which need none. `npm test`
 * runs them as it runs any file, and `npm run test:containers` runs them too, so a run on a
 * machine with Docker covers every adapter, not only the API on top of them.
 */
export const CONTRACT_SUITES = ['stores/src/eventstoredb/**/*.test.ts', 'stores/src/mongodb/**/*.test.ts'];

/**
 * The API and live-channel suites, run on EventStoreDB and MongoDB when TEST_STORES=containers
 * (gateway/src/testing/container-stores.ts); on SQLite otherwise, as part of `npm test`.
 */
export const API_SUITES_FOLDER = 'gateway/src/api/';
export const API_SUITES = [`${API_SUITES_FOLDER}**/*.api.test.ts`];
