import type { CounterStore } from '@fitness/stores';

type Outcome = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Outcome) => void;
/**
 * What @fastify/rate-limit hands `child`: the route's merged limit options, with the route itself
 * in `routeInfo` (its types leave that out).
 */
type RouteLimitOptions = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit (its documented custom `store` option) that counts in the
 * counters every replica shares, so a client's attempts count together whichever command
 * service instance they reach. The plugin builds the store itself, so this makes the class over
 * the counters. Each route gets its own counters, as with the plugin's in-memory store: the key
 * is the route's method and URL, then the client's key (its address). The window is fixed from
 * the first hit, as the in-memory store's is; `continueExceeding` and `exponentialBackoff` are
 * not offered (no route asks for them).
 */
export function sharedRateLimitStore(counters: CounterStore) {
  return class SharedRateLimitStore {
    private readonly scope: string;

    constructor(_options?: unknown, scope = 'rate-limit') {
      this.scope = scope;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      counters.hit(this.keyOf(key), timeWindow, { now: new Date(now) }).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
        (error: Error) => callback(error),
      );
    }

    /** The count without counting (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback) {
      const now = Date.now();
      counters.get(this.keyOf(key), new Date(now)).then(
        (found) =>
          callback(
            null,
            found ? { current: found.count, ttl: Math.max(0, found.resetAt - now) } : { current: 0, ttl: 0 },
          ),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object) {
      const { method, url } = (routeOptions as RouteLimitOptions).routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new SharedRateLimitStore(undefined, `rate-limit:${methods} ${url ?? ''}`);
    }

    private keyOf(key: string) {
      return `${this.scope}:${key}`;
    }
  };
}
