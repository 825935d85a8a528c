import type { Weather, WeatherLocation } from '@fitness/contracts';

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
  const now = options.now ?? Date.now;
  const failureTtlMs = options.failureTtlMs ?? Math.min(options.ttlMs, 60_000);
  const entries = new Map<string, { expires: number; answer: Promise<Weather> }>();
  return {
    current(location) {
      const key = `${location.latitude.toFixed(2)},${location.longitude.toFixed(2)},${location.name}`;
      const cached = entries.get(key);
      if (cached && cached.expires > now()) return cached.answer;
      // Concurrent requests for one place share a single call.
      const answer = provider.current(location);
      entries.set(key, { expires: now() + options.ttlMs, answer });
      answer.catch(() => entries.set(key, { expires: now() + failureTtlMs, answer }));
      if (entries.size > 10_000) entries.delete(entries.keys().next().value ?? key);
      return answer;
    },
  };
}
