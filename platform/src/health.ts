import type { EventStore, ReadStore } from '@fitness/stores';
import type { FastifyInstance } from 'fastify';

/** One thing a service needs to serve: resolves with what it saw, throws (or times out) when not. */
export type ReadinessCheck = () => Promise<Record<string, unknown>>;

/** How long one check may take before the service counts as not ready: a store that hangs is down. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * GET /health: the process is alive and serving (what a supervisor restarts on).
 * GET /ready: every check passed, so traffic may come (what compose's `service_healthy` and a
 * load balancer wait for): 200 with what each check saw, or 503 naming the ones that failed.
 * Both sit outside /api/v1, unauthenticated and uncached, and say nothing a visitor could use:
 * positions and reachability, never addresses or errors' stack.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  checks: Record<string, ReadinessCheck>,
  /** What /health adds about the process (the projections process: each projection's position). */
  details: () => Record<string, unknown> | Promise<Record<string, unknown>> = () => ({}),
) {
  const started = Date.now();
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers(noStore)
      .send({ status: 'ok', uptime_s: Math.round((Date.now() - started) / 1000), ...(await details()) }),
  );
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const outcomes = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await runCheck(check)] as const),
    );
    const ready = outcomes.every(([, outcome]) => outcome.ok);
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(outcomes) });
  });
}

async function runCheck(check: ReadinessCheck): Promise<{ ok: boolean } & Record<string, unknown>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return { ok: true, ...(await Promise.race([check(), timedOut])) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The checks of a service over the stores: both answer, and every projection has caught up
 * with the log as it was at most `maxLagSeconds` ago. The bound is in time, not events, because
 * positions are not counts on every store (EventStoreDB's are byte offsets): each call notes the
 * log's head, and a projection passes when it has reached the head, or a head noted at least
 * `maxLagSeconds` before. A projection never started counts from 0, and a rebuild under way
 * counts too: reads of that model are behind until it catches up.
 */
export function storeChecks(
  stores: { eventStore: EventStore; readStore: ReadStore },
  options: { projectionNames: string[]; maxLagSeconds: number; now?: () => number },
): Record<string, ReadinessCheck> {
  const now = options.now ?? Date.now;
  const heads: { at: number; head: number }[] = [];
  // The three checks of one /ready run together and share these two reads.
  const headPosition = inFlight(() => stores.eventStore.headPosition());
  const checkpoints = inFlight(() => stores.readStore.checkpoints());
  return {
    // Reachable or not, and nothing more: /ready may face the internet (the embedded server),
    // and how many events there are is nobody's business there.
    event_store: async () => {
      await headPosition();
      return {};
    },
    read_store: async () => {
      await checkpoints();
      return {};
    },
    projections: async () => {
      const [head, reached] = await Promise.all([headPosition(), checkpoints()]);
      const at = now();
      // One sample a second is enough to judge a bound of seconds, and keeps the list short
      // however often /ready is asked (it faces the internet on the embedded server).
      if (at - (heads.at(-1)?.at ?? Number.NEGATIVE_INFINITY) >= 1000) heads.push({ at, head });
      // The newest head at least the bound old is the one that must be reached; older ones go.
      const cutoff = at - options.maxLagSeconds * 1000;
      while (heads.length > 1 && (heads[1]?.at ?? Number.POSITIVE_INFINITY) <= cutoff) heads.shift();
      const due = heads[0] && heads[0].at <= cutoff ? heads[0].head : head;
      const behind = options.projectionNames.filter((name) => (reached[name] ?? 0) < due);
      if (behind.length > 0) {
        throw new Error(`behind the log by more than ${options.maxLagSeconds} s: ${behind.join(', ')}`);
      }
      return { behind: 0 };
    },
  };
}

/** `read`, shared by the callers that ask while it is under way; the next ask after it settles reads again. */
function inFlight<T>(read: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * A distributed gateway is ready when the services behind it are (their own /ready, asked): each
 * one named alone, and at least one of each list of replicas, which it spreads requests over and
 * passes over while one is down. An answer is kept for `cacheMs`: the gateway's /ready faces the
 * internet, and each ask costs every service a read of both stores.
 */
export function upstreamChecks(
  upstreams: Record<string, string | string[]>,
  options: { cacheMs?: number } = {},
): Record<string, ReadinessCheck> {
  const ask = remembered(askReady, options.cacheMs ?? 1000);
  return Object.fromEntries(
    Object.entries(upstreams).map(([name, urls]) => [
      name,
      async () => {
        const replicas = typeof urls === 'string' ? [urls] : urls;
        const answers = await Promise.all(replicas.map(ask));
        const ready = answers.filter((answer) => answer === 200).length;
        if (ready === 0) throw new Error(`answered ${answers.join(', ')}`);
        return typeof urls === 'string' ? { status: 200 } : { ready, of: replicas.length };
      },
    ]),
  );
}

/** `ask`, its answer for a URL reused for `ms` (the same promise, so callers meanwhile share one ask). */
function remembered<T>(ask: (url: string) => Promise<T>, ms: number) {
  const answers = new Map<string, { at: number; answer: Promise<T> }>();
  return (url: string) => {
    const kept = answers.get(url);
    if (kept && Date.now() - kept.at < ms) return kept.answer;
    const answer = ask(url);
    answers.set(url, { at: Date.now(), answer });
    return answer;
  };
}

/** A service's /ready status, or what kept it from answering. */
function askReady(baseUrl: string) {
  return fetch(new URL('/ready', baseUrl), { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).then(
    async (response) => {
      await response.body?.cancel();
      return response.status;
    },
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}
