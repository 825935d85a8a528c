import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DomainError, type DomainErrorKind, summarise } from '@fitness/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_TOO_COMPLEX, JSON_BODY_BOUNDS } from './json-body.ts';
import { answerNoRoute } from './method-not-allowed.ts';
import { answerAndClose } from './request-limits.ts';
import { toFieldErrors } from './validation.ts';

/** The HTTP status each kind of domain error answers with. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  rate_limited: 429,
};

/**
 * The only place errors become responses. Bad input answers 4xx with the API's error shape;
 * anything unexpected is logged with its request and answers a plain 500 that leaks nothing.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply
        .status(STATUS_OF_KIND[error.kind])
        .send(error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message });
    }
    if (error.validation) {
      const fieldErrors = toFieldErrors(error.validation as never, error.validationContext ?? 'body');
      return reply.status(422).send({ message: summarise(fieldErrors), errors: fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(422).send({
        message: 'The request body must be valid JSON.',
        errors: { body: ['The request body must be valid JSON.'] },
      });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply
        .status(422)
        .send({ message: 'The request body is empty.', errors: { body: ['The request body is empty.'] } });
    }
    if (status >= 400 && status < 500) {
      // Fastify closes the connection after a parser's refusal, as a body may still be coming;
      // one refused for its shape was read whole, and the connection can serve the next request.
      if (error.code === BODY_TOO_COMPLEX) reply.removeHeader('connection');
      // The rate limiter's message is ours; the framework's may quote the request back.
      const message = status === 429 ? error.message : (FRAMEWORK_MESSAGES[error.code] ?? statusMessage(status));
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler(answerNoRoute);
}

/** What the framework's own refusals say, none of them quoting what the client sent. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  [BODY_TOO_COMPLEX]: `The request body has too many values (at most ${JSON_BODY_BOUNDS.maxValues}) or levels (at most ${JSON_BODY_BOUNDS.maxDepth}).`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_INVALID_CONTENT_ENCODING: 'The request body must not be compressed.',
};

function statusMessage(status: number) {
  return `${STATUS_CODES[status] ?? 'Bad Request'}.`;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a malformed
 * percent-encoding, a path segment too long), in the API's error shape.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  reply.status(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? statusMessage(status) });
}

/**
 * Node's `clientError`: a request the HTTP parser refuses (headers too large, malformed, or
 * not finished in time), answered in the API's error shape and the connection closed.
 */
export function clientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is malformed.'];
  answerAndClose(socket, status, message);
}
