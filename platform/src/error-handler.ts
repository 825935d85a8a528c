import { DomainError, type DomainErrorKind, RateLimited, summarise } from '@fitness/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
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
      if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterSeconds));
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
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Server Error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
}
