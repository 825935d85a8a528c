import { isIP } from 'node:net';
import path from 'node:path';

/**
 * All configuration, read from the environment in one place. Defaults run the embedded product:
 * SQLite files under ./data, everything in one process on port 3000.
 */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  eventStore: 'sqlite' | 'eventstoredb';
  readStore: 'sqlite' | 'mongodb';
  eventStoreDbUrl: string;
  mongoUrl: string;
  mongoDatabase: string;
  /**
   * The proxies in front of this process whose X-Forwarded-For is believed (TRUST_PROXY: addresses
   * or CIDR ranges, comma separated). Empty, the default: the client is the connection's own
   * address, and a forged header changes nothing.
   */
  trustProxy: string[];
  /** Requests per minute per client on sign-in and registration. */
  authRateLimit: number;
  /**
   * How long a client has to send a whole request, headers and body (REQUEST_TIMEOUT_MS); the
   * headers alone get at most 20 s of it. Long enough for the largest import (10 MB of JSON) over
   * a slow phone uplink, short enough that a body trickled in a byte at a time is cut off.
   */
  requestTimeoutMs: number;
  /**
   * How long any request body has to arrive (BODY_TIMEOUT_MS), plus a second per 32 KB of it,
   * within the request timeout: a small JSON body needs seconds, an import upload more.
   */
  bodyTimeoutMs: number;
  /**
   * How many connections one client address may hold open at once (CONNECTIONS_PER_ADDRESS);
   * the trusted proxies' addresses are not capped. Room for a gym's members behind one NAT (a
   * browser holds up to six, plus its live channel), none for an address opening thousands.
   */
  connectionsPerAddress: number;
  /** How long a GET carrying X-Min-Position waits for the projections before answering anyway. */
  readYourWritesTimeoutMs: number;
  /**
   * GET /ready fails while a projection is further behind the log than this (READY_MAX_LAG_SECONDS):
   * it has not reached the head the log had that long ago.
   */
  readyMaxLagSeconds: number;
  /**
   * How long the projections process's lease lasts without renewal (PROJECTOR_LEASE_TTL_MS):
   * when its holder dies, a standby takes over within about this long. The holder renews, and a
   * standby asks, every third of it.
   */
  projectorLeaseTtlMs: number;
  /** Bearer token lifetime for "remember me" and normal sign-ins. */
  tokenTtlDays: { remember: number; session: number };
  logLevel: string;
  /** embedded: the whole product in the gateway's process; distributed: the gateway fronts the services. */
  gatewayMode: 'embedded' | 'distributed';
  /** Where a distributed gateway sends writes (every method but GET and HEAD under /api/v1). */
  commandServiceUrl: string;
  /**
   * Where a distributed gateway sends reads and the socket.io channel: one query service or
   * several replicas (QUERY_SERVICE_URL, comma separated), which the gateway spreads them over.
   */
  queryServiceUrls: string[];
  /**
   * Where a distributed gateway sends what only the projections process can do (an admin's
   * rebuild): one, or the active one and its standbys (PROJECTIONS_SERVICE_URL, comma
   * separated), of which the gateway asks the one holding the lease.
   */
  projectionsServiceUrls: string[];
  /**
   * The address people reach the web app at, without a trailing slash: links in mails (verify,
   * reset) and Google's redirect URI point there. APP_URL; default http://localhost:<port>.
   */
  publicUrl: string;
  mail: {
    /** file: each mail an .eml under DATA_DIR/mail (the embedded default); smtp: sent through SMTP_URL. */
    transport: 'file' | 'smtp';
    /** smtp(s)://user:pass@host:port, as nodemailer reads it. */
    smtpUrl: string | null;
    /** The From address; the site name is its display name. */
    from: string;
  };
  /** Google sign-in (OpenID Connect); null hides the button. GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL. */
  google: { clientId: string; clientSecret: string; issuerUrl: string } | null;
  weather: {
    /** Open-Meteo's forecast origin; tests point it at a local server that answers the same way. */
    apiUrl: string;
    /** Where to ask about when the browser shares no position; null asks nowhere. */
    location: { latitude: number; longitude: number; name: string } | null;
    timeoutMs: number;
    cacheSeconds: number;
  };
  push: {
    /**
     * PUSH_ALLOW_INSECURE_ENDPOINTS=true lets browsers subscribe with an http endpoint on
     * loopback, and the server push there: only for the local push endpoint tests run against.
     * Off by default: endpoints are https on the public internet (no request forgery inward).
     */
    allowInsecureEndpoints: boolean;
  };
};

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Each process has its own default port (the gateway 3000,
 * the command service 3001, the query service 3002, the projections process 3003), so the caller names it.
 */
export function readConfig(env: Record<string, string | undefined> = process.env, defaultPort = 3000): Config {
  return {
    port: integer(env, 'PORT', defaultPort, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    eventStore: oneOf(env, 'EVENT_STORE', ['sqlite', 'eventstoredb'] as const, 'sqlite'),
    readStore: oneOf(env, 'READ_STORE', ['sqlite', 'mongodb'] as const, 'sqlite'),
    eventStoreDbUrl: env.EVENTSTOREDB_URL ?? 'esdb://localhost:2113?tls=false',
    mongoUrl: env.MONGODB_URL ?? 'mongodb://localhost:27017/?replicaSet=rs0',
    mongoDatabase: env.MONGODB_DATABASE ?? 'fitness',
    trustProxy: addressList(env, 'TRUST_PROXY'),
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 20, 1, 1_000_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 120_000, 500, 3_600_000),
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_MS', 10_000, 100, 3_600_000),
    connectionsPerAddress: integer(env, 'CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
    readYourWritesTimeoutMs: integer(env, 'READ_YOUR_WRITES_TIMEOUT_MS', 3000, 0, 60_000),
    readyMaxLagSeconds: integer(env, 'READY_MAX_LAG_SECONDS', 10, 1, 3600),
    projectorLeaseTtlMs: integer(env, 'PROJECTOR_LEASE_TTL_MS', 10_000, 300, 600_000),
    tokenTtlDays: {
      remember: integer(env, 'TOKEN_TTL_REMEMBER_DAYS', 30, 1, 3650),
      session: integer(env, 'TOKEN_TTL_DAYS', 1, 1, 3650),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    gatewayMode: oneOf(env, 'GATEWAY_MODE', ['embedded', 'distributed'] as const, 'embedded'),
    commandServiceUrl: httpUrl(env, 'COMMAND_SERVICE_URL', 'http://localhost:3001'),
    queryServiceUrls: httpUrlList(env, 'QUERY_SERVICE_URL', 'http://localhost:3002'),
    projectionsServiceUrls: httpUrlList(env, 'PROJECTIONS_SERVICE_URL', 'http://localhost:3003'),
    publicUrl: publicUrl(env, defaultPort),
    mail: mailConfig(env),
    google: googleConfig(env),
    weather: {
      apiUrl: httpUrl(env, 'WEATHER_API_URL', 'https://api.open-meteo.com'),
      location: weatherLocation(env),
      timeoutMs: integer(env, 'WEATHER_TIMEOUT_MS', 2500, 100, 30_000),
      cacheSeconds: integer(env, 'WEATHER_CACHE_SECONDS', 600, 0, 86_400),
    },
    push: {
      allowInsecureEndpoints:
        oneOf(env, 'PUSH_ALLOW_INSECURE_ENDPOINTS', ['true', 'false'] as const, 'false') === 'true',
    },
  };
}

function publicUrl(env: Record<string, string | undefined>, defaultPort: number) {
  const port = integer(env, 'PORT', defaultPort, 0, 65535);
  const raw = env.APP_URL;
  if (raw === undefined || raw === '') return `http://localhost:${port}`;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`APP_URL must be an http(s) URL like https://fitness.example.com, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** SMTP_URL switches mail from .eml files to SMTP unless MAIL_TRANSPORT says otherwise. */
function mailConfig(env: Record<string, string | undefined>): Config['mail'] {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl) {
    const url = URL.parse(smtpUrl);
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')) {
      throw new ConfigError(`SMTP_URL must look like smtp://user:password@host:587 or smtps://…, got "${smtpUrl}"`);
    }
  }
  const transport = oneOf(env, 'MAIL_TRANSPORT', ['file', 'smtp'] as const, smtpUrl ? 'smtp' : 'file');
  if (transport === 'smtp' && !smtpUrl) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL');
  const from = env.MAIL_FROM?.trim() || 'no-reply@localhost';
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(from)) throw new ConfigError(`MAIL_FROM must be an email address, got "${from}"`);
  return { transport, smtpUrl, from };
}

/** All three of GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and (optionally) GOOGLE_ISSUER_URL, or none. */
function googleConfig(env: Record<string, string | undefined>): Config['google'] {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  const issuer = env.GOOGLE_ISSUER_URL?.trim() || 'https://accounts.google.com';
  const url = URL.parse(issuer);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`GOOGLE_ISSUER_URL must be an http(s) URL, got "${issuer}"`);
  }
  return { clientId, clientSecret, issuerUrl: issuer.replace(/\/+$/, '') };
}

/** WEATHER_LATITUDE and WEATHER_LONGITUDE together, or neither; WEATHER_LOCATION_NAME names the place. */
function weatherLocation(env: Record<string, string | undefined>) {
  const [latitude, longitude] = [env.WEATHER_LATITUDE, env.WEATHER_LONGITUDE];
  if (!latitude && !longitude) return null;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (
    !latitude ||
    !longitude ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  ) {
    throw new ConfigError(
      `WEATHER_LATITUDE (-90..90) and WEATHER_LONGITUDE (-180..180) go together, got "${latitude ?? ''}" and "${longitude ?? ''}"`,
    );
  }
  return { latitude: lat, longitude: lon, name: env.WEATHER_LOCATION_NAME?.trim() || `${lat}, ${lon}` };
}

/** An http(s) origin, without a trailing slash, so paths can be appended to it. */
function httpUrl(env: Record<string, string | undefined>, name: string, fallback: string) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search) {
    throw new ConfigError(`${name} must be an http(s) URL with no path, like http://host:3001, got "${raw}"`);
  }
  return url.origin;
}

/** A comma-separated setting's entries, trimmed, empty ones left out. */
function commaList(env: Record<string, string | undefined>, name: string) {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** One http(s) origin or several, comma separated, each as httpUrl reads it; duplicates once. */
function httpUrlList(env: Record<string, string | undefined>, name: string, fallback: string) {
  const entries = commaList(env, name);
  if (entries.length === 0) return [fallback];
  return [...new Set(entries.map((entry) => httpUrl({ [name]: entry }, name, fallback)))];
}

/** Comma separated IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8). */
function addressList(env: Record<string, string | undefined>, name: string) {
  const entries = commaList(env, name);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!version || !validBits || rest.length > 0) {
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges like 10.0.0.0/8, got "${entry}"`);
    }
  }
  return entries;
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(
  env: Record<string, string | undefined>,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}
