import type { Weather, WeatherLocation } from '@fitness/contracts';
import { LRUCache } from 'lru-cache';

/** The port every weather source sits behind. */
export interface WeatherProvider {
  /** The current weather at a place; throws WeatherUnavailable when the source cannot say. */
  current(location: WeatherLocation): Promise<Weather>;
}

export class WeatherUnavailable extends Error {}

/**
 * Remembers answers (and, for a shorter while, failures) per place rounded to about a kilometre,
 * so a dashboard that many users keep open costs the provider one call per place per period, and
 * an unreachable provider does not make every dashboard wait out the timeout again.
 */
export function cachedWeather(
  provider: WeatherProvider,
  options: { ttlMs: number; failureTtlMs?: number; now?: () => number },
): WeatherProvider {
  // lru-cache reads a TTL of 0 as forever; here it means keep nothing (WEATHER_CACHE_SECONDS=0).
  if (options.ttlMs <= 0) return provider;
  const now = options.now ?? Date.now;
  const failureTtlMs = options.failureTtlMs ?? Math.min(options.ttlMs, 60_000);
  // ttlResolution 0: the clock is read at each look, where lru-cache's default keeps it a
  // millisecond with a timer; `now` is the caller's clock, which tests move on.
  const answers = new LRUCache<string, Promise<Weather>>({
    max: 10_000,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
  });
  return {
    current(location) {
      const key = `${location.latitude.toFixed(2)},${location.longitude.toFixed(2)},${location.name}`;
      const cached = answers.get(key);
      if (cached) return cached;
      // Concurrent requests for one place share a single call.
      const answer = provider.current(location);
      answers.set(key, answer);
      answer.catch(() => {
        if (failureTtlMs > 0) answers.set(key, answer, { ttl: failureTtlMs });
        else answers.delete(key);
      });
      return answer;
    },
  };
}
