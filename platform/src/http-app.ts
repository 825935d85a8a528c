import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyHttpOptions, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Config } from './config.ts';
import { clientError, frameworkError, installErrorHandler } from './error-handler.ts';
import { installBoundedJsonParser } from './json-body.ts';
import { trackAllowedMethods } from './method-not-allowed.ts';
import { boundBodyTime, capConnectionsPerAddress } from './request-limits.ts';
import { registerResponseCompression } from './response-compression.ts';
import { validatorCompiler } from './validation.ts';

/** What the HTTP layer reads of the configuration (Config). */
export type HttpConfig = Pick<
  Config,
  'logLevel' | 'trustProxy' | 'requestTimeoutMs' | 'bodyTimeoutMs' | 'connectionsPerAddress'
>;

export type HttpAppOptions = {
  /**
   * The log level; the proxies whose X-Forwarded-For is believed (none believes nobody, so a
   * client cannot pick the address its sign-in attempts are counted under); how long a whole
   * request, and a body by its size, may take to arrive; the connections one address may hold.
   */
  config: HttpConfig;
  /** Tests pass false to keep their output readable. */
  logger?: boolean | undefined;
  /** Where the log lines go (standard output unless given: tests read them). */
  logStream?: { write(line: string): void };
};

/** The headers come first and are small: they never get more than this. */
const HEADERS_TIMEOUT_MS = 20_000;

/**
 * The body a route takes unless it says otherwise: far above any form or command of the API
 * (an exercise with twenty steps of instructions is about 20 KB), far below what costs the
 * server. Routes that need more (an import) or much less (signing in) set their own bodyLimit.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The body limit of the sign-in, registration and password routes: a few short fields. */
export const SMALL_BODY_LIMIT = 8 * 1024;

/**
 * A Fastify instance with the house rules: our validators and error shape, a request id that
 * callers may supply (X-Request-Id) and that becomes the correlation id of the events a
 * request causes, JSON bodies bounded in size, shape and arrival time, 405 for a method a path
 * does not take, and a cap on one address's connections.
 */
export function createHttpApp(options: HttpAppOptions) {
  const { config } = options;
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger === false ? false : { level: config.logLevel, stream: options.logStream },
    genReqId: requestId,
    logController: new QuietRequestLog(),
    requestIdHeader: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors: frameworkError,
    // Fastify's default (0) switches off Node's own limit, which let a body trickled in a byte
    // every few seconds hold its connection for ever. Node looks for late requests every
    // tenth of the limit (at most every 30 s, its default), so the limit holds to within 10 %.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 10)),
    },
    clientErrorHandler: clientError,
  };
  const app = Fastify(serverOptions).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('auth', null);
  trackAllowedMethods(app);
  installErrorHandler(app);
  installBoundedJsonParser(app);
  boundBodyTime(app, { baseMs: config.bodyTimeoutMs, ceilingMs: config.requestTimeoutMs });
  capConnectionsPerAddress(app, { max: config.connectionsPerAddress, trustProxy: config.trustProxy });
  registerResponseCompression(app);
  // Set as the request arrives, in callback form: every request passes here, an async hook
  // costs each a promise, and an answer keeps the headers set before it, errors' too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;

/** A request slower than this is logged at warn whatever the level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify logs two lines per request at info, which under load cost the command path a tenth of
 * its time. Here a request says nothing when it arrives, and when answered is logged at debug,
 * or at warn when slow, so `LOG_LEVEL=info` in production stays quiet per request. Errors are
 * logged by the error handler as before.
 */
class QuietRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms };
    if (ms >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else reply.log.debug(line, 'request answered');
  }
}

/** The id of a request: the caller's X-Request-Id when it is a plain token, else a new one. */
export function requestId(request: IncomingMessage) {
  const supplied = request.headers['x-request-id'];
  return typeof supplied === 'string' && /^[\w.-]{1,100}$/.test(supplied) ? supplied : randomUUID();
}
