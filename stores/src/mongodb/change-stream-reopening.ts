import { MongoCursorExhaustedError, MongoRuntimeError, MongoServerError } from 'mongodb';
import { MONGO_ERRORS } from './server-errors.ts';

/**
 * How the change feed's follower opens its stream again once the one it had ended: from the
 * last resume token it kept, or from now, reading what it missed (the gap) from the feed
 * collection itself.
 */
export type Reopening = 'resume' | 'from-now';

/** The follower saw an `invalidate` event: the collection was dropped or renamed (a restore does both). */
export class StreamInvalidated extends Error {
  constructor() {
    super('The change feed collection was dropped or renamed (invalidate): following it again from now');
  }
}

/** Errors after which the kept token can never be resumed from. */
const TOKEN_UNUSABLE = new Set<number>([
  MONGO_ERRORS.invalidResumeToken,
  MONGO_ERRORS.changeStreamFatalError,
  MONGO_ERRORS.changeStreamHistoryLost,
]);

/** The label the server puts on change stream errors that no resume can get past. */
const NON_RESUMABLE = 'NonResumableChangeStreamError';

/**
 * What to do after `error` ended the stream (one the driver did not resume from by itself).
 *
 * From now after an invalidate: resuming after it is refused (InvalidResumeToken, "not allowed
 * from an invalidate notification"), and resuming from an earlier token runs into the same
 * invalidate again, so either would be retried for ever. The driver says the server ended the
 * stream (it closes the cursor after an invalidate) with a MongoRuntimeError ("ChangeStream is
 * closed"), then MongoCursorExhaustedError: the same. From now too when the token is unusable
 * (fallen off the oplog, or refused for good: the server labels those
 * NonResumableChangeStreamError). Otherwise (the server unreachable for longer than the
 * driver's own resume tried) the token still holds, and resuming from it misses nothing
 * without reading the gap.
 */
export function reopening(error: unknown): Reopening {
  if (error instanceof StreamInvalidated) return 'from-now';
  if (error instanceof MongoRuntimeError || error instanceof MongoCursorExhaustedError) return 'from-now';
  if (!(error instanceof MongoServerError)) return 'resume';
  if (typeof error.code === 'number' && TOKEN_UNUSABLE.has(error.code)) return 'from-now';
  return error.hasErrorLabel(NON_RESUMABLE) ? 'from-now' : 'resume';
}
