import type { WeatherLocation } from '@fitness/contracts';
import type { Authenticator } from '@fitness/platform/authentication.ts';
import type { Config } from '@fitness/platform/config.ts';
import type { OwnWrites } from '@fitness/platform/own-writes.ts';
import { loadOrCreateSecrets } from '@fitness/platform/secrets.ts';
import type { ProjectionProgress } from '@fitness/projections';
import type { EventStore, ReadStore } from '@fitness/stores';
import { openMeteo } from './weather/open-meteo.ts';
import type { WeatherProvider } from './weather/weather-provider.ts';
import { cachedWeather } from './weather/weather-provider.ts';

/** What the query routes need, built once by whoever hosts them (gateway or main.ts). */
export type QueryServices = {
  readStore: ReadStore;
  /** Read only to count how many events a projection is behind (the admin stats). */
  eventStore: EventStore;
  authenticator: Authenticator;
  progress: ProjectionProgress;
  /** How long a read carrying X-Min-Position waits for the projections before answering anyway. */
  readYourWritesTimeoutMs: number;
  /** Each user's latest write, where this process also runs the commands (the embedded server). */
  ownWrites?: OwnWrites;
  weather: { provider: WeatherProvider; defaultLocation: WeatherLocation | null };
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET): the site says so. */
  googleSignInOffered: boolean;
  /** The VAPID public key browsers subscribe to push with. */
  vapidPublicKey: string;
};

/** The weather port as configured: Open-Meteo behind a cache. */
export function weatherFrom(config: Config): QueryServices['weather'] {
  const provider = openMeteo({ apiUrl: config.weather.apiUrl, timeoutMs: config.weather.timeoutMs });
  return {
    provider: cachedWeather(provider, { ttlMs: config.weather.cacheSeconds * 1000 }),
    defaultLocation: config.weather.location,
  };
}

/** The query services over a read store, as the configuration sets them up. */
export function createQueryServices(
  config: Config,
  parts: {
    readStore: ReadStore;
    eventStore: EventStore;
    authenticator: Authenticator;
    progress: ProjectionProgress;
    ownWrites?: OwnWrites;
  },
): QueryServices {
  return {
    ...parts,
    readYourWritesTimeoutMs: config.readYourWritesTimeoutMs,
    weather: weatherFrom(config),
    googleSignInOffered: config.google !== null,
    vapidPublicKey: loadOrCreateSecrets(config.dataDir).vapidPublicKey,
  };
}
