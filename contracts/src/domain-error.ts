import type { FieldErrors } from './errors.ts';

/**
 * What kind of refusal an error is. Business rules say only this; the HTTP layer (platform's
 * error handler) is the one place that turns a kind into a status, so deciders know nothing
 * of HTTP.
 */
export type DomainErrorKind =
  /** The input breaks a rule; `fieldErrors` say which field (422). */
  | 'validation'
  /** Nobody is signed in, or their account is gone (401). */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this (403). */
  | 'forbidden'
  /** It does not exist, or is not the caller's to see (404). */
  | 'not_found'
  /** The current state refuses the command (409). */
  | 'conflict'
  /** Something it depends on cannot answer now; the caller may retry (503). */
  | 'unavailable'
  /** Too many attempts; the caller may retry after `retryAfterSeconds` (429). */
  | 'rate_limited';

/** The base of every named domain error (`WorkoutAlreadyCompleted`, `MealNotFound`...). */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly fieldErrors: FieldErrors | undefined;
  /** When the caller may try again, for a refusal that passes (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = new.target.name;
    this.kind = kind;
    this.fieldErrors = fieldErrors;
  }
}

/** Too many attempts for now: answered 429 with a Retry-After of `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  override readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Input that breaks a rule, told per field. The message is the first field's, with a count of
 * the others, as the API's validation errors read everywhere.
 */
export class InvalidInput extends DomainError {
  constructor(fieldErrors: FieldErrors, message = summarise(fieldErrors)) {
    super('validation', message, fieldErrors);
  }
}

/** "The first problem (and 2 more errors)": the message of a response listing several fields. */
export function summarise(fieldErrors: FieldErrors) {
  const messages = Object.values(fieldErrors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  return messages.length > 1
    ? `${first} (and ${messages.length - 1} more error${messages.length > 2 ? 's' : ''})`
    : first;
}
