import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { type ServerProcess, startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { SqliteEventStore } from '@fitness/stores';
import { seedHistory } from '@fitness/tools/demo-history.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { loadsInFreshProcess, percentile } from './measure.ts';
import { otherUsersHistory } from './other-users-history.ts';

/**
 * Whether the reads of one account stay flat as the log grows with everyone else's history.
 * One account with a year of history (written through the API, as the demo does) is read by 10
 * connections at once, endpoint by endpoint, with 10k, 100k and 1M events of other users'
 * history in the log (written straight into the event store while the server is stopped).
 *
 * Run alone:
 * `node -e "import('./loadtests/src/metrics-bench.ts').then(async (m) => console.log(JSON.stringify(await m.metricsFlatness(), null, 1)))"`
 * (`metricsFlatness({ quick: true })`: 10k and 100k only, one shorter round). Each figure is the
 * median of three 5-second rounds at 10 connections, after a warm-up of WARM_UP_SECONDS, all
 * driven from a fresh client process (`loadsInFreshProcess`): this one has just appended up to
 * a million events, and its collections would show in the latencies it measured.
 */

const CONNECTIONS = 10;
const ENDPOINTS = [
  '/metrics/today',
  '/metrics/weekly',
  '/metrics/monthly',
  '/metrics/prs',
  '/metrics/achievements',
  '/workouts',
] as const;
/**
 * Load on each endpoint before its rounds: what is measured is the steady state. After a start,
 * an endpoint's first seconds under load are slower: with one second of warm-up, the first
 * round's p99 of `/workouts` was 6-7 ms and the next rounds' 4 ms; with five, every round's was 4.
 */
const WARM_UP_SECONDS = 5;
/** Longer than the projections' quiet time plus the memory release that follows a catch-up. */
const SETTLE_MS = 4_000;
/** How long the projections may take to fold a phase's new events in after a restart. */
const CATCH_UP_MS = 600_000;

type Percentiles = { p50: number; p99: number };
export type FlatnessResult = {
  /** Events of the year account (its own history, written through the API). */
  accountEvents: number;
  /** Per log size (other users' events): each endpoint's latencies in ms at 10 connections (medians of the rounds). */
  bySize: Record<string, Record<string, Percentiles & { requestsPerSecond: number; non2xx: number }>>;
  /** Per endpoint: p99 with the largest log over p99 with the smallest (flat: near 1). */
  p99Ratio: Record<string, number>;
};

export async function metricsFlatness(options: { quick?: boolean } = {}): Promise<FlatnessResult> {
  const sizes = options.quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
  const seconds = options.quick ? 3 : 5;
  const rounds = options.quick ? 1 : 3;
  const warmUpSeconds = options.quick ? 1 : WARM_UP_SECONDS;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-metrics-flat-'));
  const eventsFile = path.join(dataDir, 'events.sqlite');
  const env = LOAD_SERVER_ENV;
  let server: ServerProcess | null = await startServerProcess(dataDir, env);
  try {
    const api = apiClient(server.baseUrl);
    const year = await registerUser(api, 'Year');
    const today = new Date().toISOString().slice(0, 10);
    await seedHistory({ api, token: year.token, until: today, days: 365 });
    await server.kill('SIGTERM');
    server = null;
    const accountEvents = await eventsIn(eventsFile);

    const others = otherUsersHistory(today);
    const bySize: FlatnessResult['bySize'] = {};
    for (const size of sizes) {
      const head = await others.growTo(eventsFile, size);
      server = await startServerProcess(dataDir, env, CATCH_UP_MS);
      await caughtUp(server.baseUrl, year.token, head);
      // Two seconds after a long fold the server gives the freed pages back, in one pause of
      // about 100 ms (platform/src/memory-release.ts): the figures are of what comes after.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const figures: FlatnessResult['bySize'][string] = {};
      for (const endpoint of ENDPOINTS) {
        const url = `${server.baseUrl}/api/v1${endpoint}`;
        const headers = { authorization: `Bearer ${year.token}` };
        const [, ...results] = await loadsInFreshProcess([
          { url, headers, connections: CONNECTIONS, seconds: warmUpSeconds },
          ...Array.from({ length: rounds }, () => ({ url, headers, connections: CONNECTIONS, seconds })),
        ]);
        figures[endpoint] = {
          // The middle of the rounds: the machine is shared, and one round that another
          // process's burst hit should not decide whether the reads are flat.
          p50: percentile(
            results.map((result) => result.p50),
            50,
          ),
          p99: percentile(
            results.map((result) => result.p99),
            50,
          ),
          requestsPerSecond: percentile(
            results.map((result) => result.requestsPerSecond),
            50,
          ),
          non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
        };
      }
      bySize[String(size)] = figures;
      await server.kill('SIGTERM');
      server = null;
    }

    const smallest = bySize[String(sizes[0])] ?? {};
    const largest = bySize[String(sizes.at(-1))] ?? {};
    const p99Ratio = Object.fromEntries(
      ENDPOINTS.map((endpoint) => [endpoint, (largest[endpoint]?.p99 ?? Number.NaN) / (smallest[endpoint]?.p99 ?? 1)]),
    );
    return { accountEvents, bySize, p99Ratio };
  } finally {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many events the log holds, counted page by page (its head is a position, not a count). */
async function eventsIn(eventsFile: string) {
  const store = new SqliteEventStore(eventsFile);
  try {
    let count = 0;
    let page = await store.readAll({ fromPosition: 0, maxCount: 10_000 });
    while (page.length > 0) {
      count += page.length;
      page = await store.readAll({ fromPosition: page.at(-1)?.position ?? 0, maxCount: 10_000 });
    }
    return count;
  } finally {
    await store.close();
  }
}

/**
 * Waits until every read model the six endpoints read has folded the log up to `head`: a read
 * carrying X-Min-Position waits (bounded) for its models and says `X-Read-Consistent: false`
 * when they were not there yet, so ask again until none says so.
 */
async function caughtUp(baseUrl: string, token: string, head: number) {
  const api = apiClient(baseUrl);
  const deadline = Date.now() + CATCH_UP_MS;
  for (const endpoint of ENDPOINTS) {
    for (;;) {
      const response = await api('GET', endpoint, { token, headers: { 'x-min-position': String(head) } });
      if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status} while catching up`);
      if (response.headers.get('x-read-consistent') !== 'false') break;
      if (Date.now() > deadline) throw new Error(`the projections did not reach ${head} in time`);
    }
  }
}
