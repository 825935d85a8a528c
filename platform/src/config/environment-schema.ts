import { EVENT_STORE_KINDS, READ_STORE_KINDS } from '@fitness/stores/stores-config.ts';
import { type Static, Type } from 'typebox';
import type { EnvironmentFormat } from './environment-formats.ts';

const wholeNumber = (fallback: number, minimum: number, maximum: number, description: string) =>
  Type.Integer({ default: fallback, minimum, maximum, description });

const oneOf = <const Values extends string[]>(
  values: readonly [...Values],
  fallback: Values[number],
  description: string,
) => Type.Enum(values, { default: fallback, description });

const formatted = (format: EnvironmentFormat, options: { default?: string; description?: string }) =>
  Type.String({ format, ...options });

/**
 * Every setting the processes read from the environment, under its environment name: its type,
 * range and default, and what it is for. Defaults run the embedded product: SQLite files under
 * ./data, everything in one process on port 3000.
 */
export const environmentSchema = Type.Object({
  PORT: wholeNumber(
    3000,
    0,
    65535,
    "The port to listen on; each process has its own default (readConfig's defaultPort).",
  ),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ default: './data', description: 'Where the embedded stores keep their SQLite files.' }),
  EVENT_STORE: oneOf(EVENT_STORE_KINDS, 'sqlite', 'The event store: SQLite (embedded) or EventStoreDB.'),
  READ_STORE: oneOf(READ_STORE_KINDS, 'sqlite', 'The read store: SQLite (embedded) or MongoDB.'),
  EVENTSTOREDB_URL: Type.String({ default: 'esdb://localhost:2113?tls=false' }),
  MONGODB_URL: Type.String({ default: 'mongodb://localhost:27017/?replicaSet=rs0' }),
  MONGODB_DATABASE: Type.String({ default: 'fitness' }),
  TRUST_PROXY: formatted('ip-range-list', {
    default: '',
    description:
      'The proxies in front of this process whose X-Forwarded-For is believed: addresses or CIDR ranges, comma ' +
      "separated. Empty, the default: the client is the connection's own address, and a forged header changes nothing.",
  }),
  AUTH_RATE_LIMIT: wholeNumber(20, 1, 1_000_000, 'Requests per minute per client on sign-in and registration.'),
  REQUEST_TIMEOUT_MS: wholeNumber(
    120_000,
    500,
    3_600_000,
    'How long a client has to send a whole request, headers and body; the headers alone get at most 20 s of it. ' +
      'Long enough for the largest import (10 MB of JSON) over a slow phone uplink, short enough that a body ' +
      'trickled in a byte at a time is cut off.',
  ),
  BODY_TIMEOUT_MS: wholeNumber(
    10_000,
    100,
    3_600_000,
    'How long any request body has to arrive, plus a second per 32 KB of it, within the request timeout: a small ' +
      'JSON body needs seconds, an import upload more.',
  ),
  CONNECTIONS_PER_ADDRESS: wholeNumber(
    256,
    1,
    1_000_000,
    "How many connections one client address may hold open at once; the trusted proxies' addresses are not " +
      "capped. Room for a gym's members behind one NAT (a browser holds up to six, plus its live channel), none " +
      'for an address opening thousands.',
  ),
  READ_YOUR_WRITES_TIMEOUT_MS: wholeNumber(
    3000,
    0,
    60_000,
    'How long a GET carrying X-Min-Position waits for the projections before answering anyway.',
  ),
  READY_MAX_LAG_SECONDS: wholeNumber(
    10,
    1,
    3600,
    'GET /ready fails while a projection is further behind the log than this: it has not reached the head the ' +
      'log had that long ago.',
  ),
  PROJECTOR_LEASE_TTL_MS: wholeNumber(
    10_000,
    300,
    600_000,
    "How long the projections process's lease lasts without renewal: when its holder dies, a standby takes over " +
      'within about this long. The holder renews, and a standby asks, every third of it.',
  ),
  TOKEN_TTL_REMEMBER_DAYS: wholeNumber(30, 1, 3650, 'Bearer token lifetime for "remember me" sign-ins.'),
  TOKEN_TTL_DAYS: wholeNumber(1, 1, 3650, 'Bearer token lifetime for normal sign-ins.'),
  LOG_LEVEL: Type.String({ default: 'info' }),
  GATEWAY_MODE: oneOf(
    ['embedded', 'distributed'],
    'embedded',
    "embedded: the whole product in the gateway's process; distributed: the gateway fronts the services.",
  ),
  COMMAND_SERVICE_URL: formatted('http-origin', {
    default: 'http://localhost:3001',
    description: 'Where a distributed gateway sends writes (every method but GET and HEAD under /api/v1).',
  }),
  QUERY_SERVICE_URL: formatted('http-origin-list', {
    default: 'http://localhost:3002',
    description:
      'Where a distributed gateway sends reads and the socket.io channel: one query service or several ' +
      'replicas, comma separated, which the gateway spreads them over.',
  }),
  PROJECTIONS_SERVICE_URL: formatted('http-origin-list', {
    default: 'http://localhost:3003',
    description:
      "Where a distributed gateway sends what only the projections process can do (an admin's rebuild): one, " +
      'or the active one and its standbys, comma separated, of which the gateway asks the one holding the lease.',
  }),
  APP_URL: Type.Optional(
    formatted('app-url', {
      description:
        "The address people reach the web app at: links in mails (verify, reset) and Google's redirect URI point " +
        'there. Default http://localhost:<port>.',
    }),
  ),
  SMTP_URL: Type.Optional(
    formatted('smtp-url', {
      description: 'smtp(s)://user:pass@host:port, as nodemailer reads it; set, mail goes out through it.',
    }),
  ),
  MAIL_TRANSPORT: Type.Optional(
    Type.Enum(['file', 'smtp'], {
      description:
        'file: each mail an .eml under DATA_DIR/mail; smtp: sent through SMTP_URL. Default: smtp when SMTP_URL is set.',
    }),
  ),
  MAIL_FROM: Type.Optional(
    formatted('email-address', {
      description: 'The From address (default no-reply@localhost); the site name is its display name.',
    }),
  ),
  GOOGLE_CLIENT_ID: Type.Optional(
    Type.String({ description: 'Google sign-in (OpenID Connect), with GOOGLE_CLIENT_SECRET; unset hides the button.' }),
  ),
  GOOGLE_CLIENT_SECRET: Type.Optional(Type.String()),
  GOOGLE_ISSUER_URL: Type.Optional(formatted('http-url', { description: 'Default https://accounts.google.com.' })),
  WEATHER_API_URL: formatted('http-origin', {
    default: 'https://api.open-meteo.com',
    description: "Open-Meteo's forecast origin; tests point it at a local server that answers the same way.",
  }),
  WEATHER_LATITUDE: Type.Optional(
    Type.Number({
      minimum: -90,
      maximum: 90,
      description:
        'With WEATHER_LONGITUDE: where to ask about when the browser shares no position; unset asks nowhere.',
    }),
  ),
  WEATHER_LONGITUDE: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  WEATHER_LOCATION_NAME: Type.Optional(Type.String()),
  WEATHER_TIMEOUT_MS: wholeNumber(2500, 100, 30_000, 'How long a weather request may take.'),
  WEATHER_CACHE_SECONDS: wholeNumber(600, 0, 86_400, 'How long a forecast is kept.'),
  PUSH_ALLOW_INSECURE_ENDPOINTS: Type.Boolean({
    default: false,
    description:
      'true lets browsers subscribe with an http endpoint on loopback, and the server push there: only for the ' +
      'local push endpoint tests run against. Off by default: endpoints are https on the public internet (no ' +
      'request forgery inward).',
  }),
});

export type Environment = Static<typeof environmentSchema>;
