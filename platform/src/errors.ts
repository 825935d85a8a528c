import type { FieldErrors } from '@fitness/contracts';

/**
 * Errors that carry their HTTP meaning. Deciders throw the domain ones; one error handler
 * (`error-handler.ts`) turns any of them into the API's `{ message, errors? }` shape.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldErrors | undefined;
  constructor(statusCode: number, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.fieldErrors = fieldErrors;
  }
}

export class ValidationFailed extends HttpError {
  constructor(fieldErrors: FieldErrors, message = firstMessage(fieldErrors)) {
    super(422, message, fieldErrors);
  }
}

export class Unauthenticated extends HttpError {
  constructor(message = 'Unauthenticated.') {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

/** A business rule refused the command given the current state (e.g. adding to a completed workout). */
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A dependency (another service, a store) cannot answer now; the client may retry. */
export class ServiceUnavailable extends HttpError {
  constructor(message = 'The service is unavailable, please try again.') {
    super(503, message);
  }
}

function firstMessage(fieldErrors: FieldErrors) {
  const messages = Object.values(fieldErrors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  return messages.length > 1
    ? `${first} (and ${messages.length - 1} more error${messages.length > 2 ? 's' : ''})`
    : first;
}
