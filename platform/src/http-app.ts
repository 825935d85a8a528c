import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { clientError, frameworkError, installErrorHandler } from './error-handler.ts';
import { validatorCompiler } from './validation.ts';

export type HttpAppOptions = {
  logLevel: string;
  /** Tests pass false to keep their output readable. */
  logger?: boolean;
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
    logger: options.logger === false ? false : { level: options.logLevel },
    genReqId: requestId,
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

/** The id of a request: the caller's X-Request-Id when it is a plain token, else a new one. */
export function requestId(request: IncomingMessage) {
  const supplied = request.headers['x-request-id'];
  return typeof supplied === 'string' && /^[\w.-]{1,100}$/.test(supplied) ? supplied : randomUUID();
}
