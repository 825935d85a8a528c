import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import { commaList, ENVIRONMENT_FORMATS, type EnvironmentFormat, originOf } from './config/environment-formats.ts';
import { type Environment, environmentSchema } from './config/environment-schema.ts';

export class ConfigError extends Error {}

/** All configuration, as the processes use it: the environment read through environmentSchema. */
export type Config = ReturnType<typeof configFrom>;

/**
 * Reads and validates the environment. Each process has its own default port (the gateway 3000,
 * the command service 3001, the query service 3002, the projections process 3003), so the caller names it.
 */
export function readConfig(env: Record<string, string | undefined> = process.env, defaultPort = 3000): Config {
  return configFrom(validated(env, defaultPort));
}

function configFrom(env: Environment) {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    eventStore: env.EVENT_STORE,
    readStore: env.READ_STORE,
    eventStoreDbUrl: env.EVENTSTOREDB_URL,
    mongoUrl: env.MONGODB_URL,
    mongoDatabase: env.MONGODB_DATABASE,
    trustProxy: commaList(env.TRUST_PROXY),
    authRateLimit: env.AUTH_RATE_LIMIT,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    connectionsPerAddress: env.CONNECTIONS_PER_ADDRESS,
    readYourWritesTimeoutMs: env.READ_YOUR_WRITES_TIMEOUT_MS,
    readyMaxLagSeconds: env.READY_MAX_LAG_SECONDS,
    projectorLeaseTtlMs: env.PROJECTOR_LEASE_TTL_MS,
    tokenTtlDays: { remember: env.TOKEN_TTL_REMEMBER_DAYS, session: env.TOKEN_TTL_DAYS },
    logLevel: env.LOG_LEVEL,
    gatewayMode: env.GATEWAY_MODE,
    commandServiceUrl: originOf(env.COMMAND_SERVICE_URL),
    queryServiceUrls: origins(env.QUERY_SERVICE_URL),
    projectionsServiceUrls: origins(env.PROJECTIONS_SERVICE_URL),
    publicUrl: env.APP_URL ? new URL(env.APP_URL).href.replace(/\/+$/, '') : `http://localhost:${env.PORT}`,
    mail: mailConfig(env),
    google: googleConfig(env),
    weather: {
      apiUrl: originOf(env.WEATHER_API_URL),
      location: weatherLocation(env),
      timeoutMs: env.WEATHER_TIMEOUT_MS,
      cacheSeconds: env.WEATHER_CACHE_SECONDS,
    },
    push: { allowInsecureEndpoints: env.PUSH_ALLOW_INSECURE_ENDPOINTS },
  };
}

/**
 * env-schema's own options (text read as numbers and booleans, defaults filled in, unknown
 * variables dropped) and the settings' formats, in one instance that compiles the schema once:
 * each process and each test server reads its configuration, and compiling takes ~150 ms.
 */
const environmentAjv = new Ajv({ allErrors: true, removeAdditional: true, useDefaults: true, coerceTypes: true });
for (const [name, { check }] of Object.entries(ENVIRONMENT_FORMATS)) environmentAjv.addFormat(name, check);

/**
 * The environment checked against the schema, defaults filled in and numbers and booleans read
 * from their text. A setting left empty (PORT=) is unset, as if not there at all.
 */
function validated(env: Record<string, string | undefined>, defaultPort: number): Environment {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  try {
    return envSchema<Environment>({
      schema: environmentSchema,
      data: [{ PORT: String(defaultPort) }, given],
      env: false,
      ajv: environmentAjv,
    });
  } catch (error) {
    const errors = (error as { errors?: ErrorObject[] }).errors;
    if (!errors) throw error;
    const named = new Set(errors.map((entry) => entry.instancePath.slice(1)));
    throw new ConfigError([...named].map((name) => refusal(name, given[name])).join('; '));
  }
}

/** What a refusal tells of each setting's schema. */
const SETTINGS: Record<
  string,
  { format?: string; enum?: unknown[]; type?: unknown; minimum?: number; maximum?: number }
> = environmentSchema.properties;

/** A setting's refusal, in the words of its rule: what it must be, and what it was. */
function refusal(name: string, raw: string | undefined) {
  const schema = SETTINGS[name] ?? {};
  const got = `got "${raw ?? ''}"`;
  if (schema.format !== undefined) {
    return `${name} ${ENVIRONMENT_FORMATS[schema.format as EnvironmentFormat].rule}, ${got}`;
  }
  if (schema.enum) return `${name} must be one of ${schema.enum.join(', ')}, ${got}`;
  if (schema.type === 'boolean') return `${name} must be one of true, false, ${got}`;
  const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
  return `${name} must be ${kind} from ${schema.minimum} to ${schema.maximum}, ${got}`;
}

/** Each origin once, in the order given. */
function origins(list: string) {
  return [...new Set(commaList(list).map(originOf))];
}

/** SMTP_URL switches mail from .eml files to SMTP unless MAIL_TRANSPORT says otherwise. */
function mailConfig(env: Environment) {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  const transport = env.MAIL_TRANSPORT ?? (smtpUrl ? 'smtp' : 'file');
  if (transport === 'smtp' && !smtpUrl) throw new ConfigError('MAIL_TRANSPORT=smtp needs SMTP_URL');
  return { transport, smtpUrl, from: env.MAIL_FROM?.trim() || 'no-reply@localhost' };
}

/** All three of GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and (optionally) GOOGLE_ISSUER_URL, or none. */
function googleConfig(env: Environment) {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  const issuer = env.GOOGLE_ISSUER_URL?.trim() || 'https://accounts.google.com';
  return { clientId, clientSecret, issuerUrl: issuer.replace(/\/+$/, '') };
}

/** WEATHER_LATITUDE and WEATHER_LONGITUDE together, or neither; WEATHER_LOCATION_NAME names the place. */
function weatherLocation(env: Environment) {
  const { WEATHER_LATITUDE: latitude, WEATHER_LONGITUDE: longitude } = env;
  if (latitude === undefined && longitude === undefined) return null;
  if (latitude === undefined || longitude === undefined) {
    throw new ConfigError(
      `WEATHER_LATITUDE (-90..90) and WEATHER_LONGITUDE (-180..180) go together, got "${latitude ?? ''}" and "${longitude ?? ''}"`,
    );
  }
  return { latitude, longitude, name: env.WEATHER_LOCATION_NAME?.trim() || `${latitude}, ${longitude}` };
}
