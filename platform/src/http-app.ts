import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { clientError, frameworkError, installErrorHandler } from './error-handler.ts';
import { validatorCompiler } from './validation.ts';

export type HttpAppOptions = {
  logLevel: string;
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
  /** Where the log lines go (standard output unless given: tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The proxies whose X-Forwarded-For is believed (config.trustProxy); none believes nobody, so a
   * client cannot pick the address its sign-in attempts are counted under.
   */
  trustProxy: string[];
  /** How long a whole request (headers and body) may take to arrive (config.requestTimeoutMs). */
  requestTimeoutMs: number;
};

/** The headers come first and are small: they never get more than this. */
const HEADERS_TIMEOUT_MS = 20_000;

/**
 * A Fastify instance with the house rules: our validators and error shape, a request id that
 * callers may supply (X-Request-Id) and that becomes the correlation id of the events a
 * request causes.
 */
export function createHttpApp(options: HttpAppOptions) {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger === false ? false : { level: options.logLevel, stream: options.logStream },
    genReqId: requestId,
    logController: new QuietRequestLog(),
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    trustProxy: options.trustProxy.length > 0 ? options.trustProxy : false,
    frameworkErrors: frameworkError,
    // Fastify's default (0) switches off Node's own limit, which let a body trickled in a byte
    // every few seconds hold its connection for ever. Node looks for late requests every
    // tenth of the limit (at most every 30 s, its default), so the limit holds to within 10 %.
    requestTimeout: options.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, options.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(options.requestTimeoutMs / 10)),
    },
    clientErrorHandler: clientError,
  };
  const app = Fastify(serverOptions).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('auth', null);
  installErrorHandler(app as unknown as FastifyInstance);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
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
