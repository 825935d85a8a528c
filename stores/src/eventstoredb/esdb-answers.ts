import {
  DeadlineExceededError,
  NotLeaderError,
  UnavailableError,
  UnknownError,
  type WrongExpectedVersionError,
} from '@eventstore/db-client';

/**
 * What EventStoreDB's answers mean for this adapter: decisions taken on what the server said,
 * kept apart from the calls so that they can be tested without a server.
 */

/**
 * The server's refusal of a read of $all from a position that is not a record's. EventStoreDB
 * 24.10 answers a read (StorageReaderWorker.ReadAllEventsForward/Backward: InvalidReadException →
 * ReadAllResult.InvalidPosition) through the read enumerator's default case, as gRPC Unknown
 * "Unexpected ReadAllResult: InvalidPosition" (Enumerator.ReadAllForwards.cs,
 * RpcExceptions.UnknownError); a subscription answers InvalidArgument "Trying to read from an
 * invalid position." (Enumerator.AllSubscription.cs, RpcExceptions.InvalidPositionException).
 * Neither carries the `exception` trailer, so the client (CommandError.js convertToCommandError)
 * makes both an UnknownError with the server's text in its message.
 */
export function isInvalidPositionAnswer(error: unknown) {
  if (!(error instanceof UnknownError)) return false;
  return /ReadAllResult: InvalidPosition|invalid position/i.test(error.message);
}

/**
 * Answers of a node that is starting, electing a leader or unreachable for a moment: the first
 * calls of a process may meet them (/health/live answers before the node is leader), and a
 * later attempt succeeds. NotLeader also makes the client reconnect to the leader it names.
 */
export const isTransientAtStart = (error: unknown) =>
  error instanceof NotLeaderError || error instanceof UnavailableError || error instanceof DeadlineExceededError;

/**
 * Whether a wrong-expected-version answer says the stream does not exist. An append says so as
 * 'no_stream'; a delete says actual version -1 (the client reads the server's "actual-version"
 * trailer as a bigint), and KurrentDB#4637 answers "wrong expected version" for a missing stream.
 */
export const streamIsAbsent = (error: WrongExpectedVersionError) =>
  error.actualVersion === 'no_stream' || (typeof error.actualVersion === 'bigint' && error.actualVersion < 0n);

/**
 * The `$tb` to write so that everything before `wanted` is hidden, or null when the stream's
 * metadata already hides at least that much. Never lowers an existing truncation point (which
 * would show erased events again). A soft-deleted stream's `$tb` is long.MaxValue, which JSON
 * reads as a number past 2^53: it is kept as it is, never written back rounded.
 */
export function truncationToWrite(existing: unknown, wanted: number): number | null {
  if (typeof existing === 'number' && existing >= wanted) return null;
  if (typeof existing === 'bigint' && existing >= BigInt(wanted)) return null;
  return wanted;
}
