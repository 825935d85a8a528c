import { DomainError, InvalidInput } from '@fitness/contracts';

/**
 * The errors the HTTP layer raises itself: input the route schemas cannot express (a header,
 * fields that depend on each other), a request nobody signed, a read that finds nothing, a
 * service that does not answer. Business rules throw their own named errors (see
 * `DomainError` in contracts); `error-handler.ts` answers all of them by their kind.
 */
export class ValidationFailed extends InvalidInput {}

export class Unauthenticated extends DomainError {
  constructor(message = 'Unauthenticated.') {
    super('unauthenticated', message);
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found.') {
    super('not_found', message);
  }
}

/**
 * A dependency (another service, a store) cannot answer now; the client may retry, and is told
 * when (Retry-After), which is also how a client tells this from maintenance mode's 503.
 */
export class ServiceUnavailable extends DomainError {
  override readonly retryAfterSeconds: number;
  constructor(message = 'The service is unavailable, please try again.', retryAfterSeconds = 5) {
    super('unavailable', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Signed in, but the route is not for this user's role. */
export class Forbidden extends DomainError {
  constructor(message = 'This action is unauthorized.') {
    super('forbidden', message);
  }
}

/** Maintenance mode is on and the caller is not an admin: 503 with the admins' message. */
export class UnderMaintenance extends DomainError {
  constructor(message: string) {
    super('unavailable', message);
  }
}
