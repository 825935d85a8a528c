import assert from 'node:assert/strict';
import { convertToCommandError, WrongExpectedVersionError } from '@eventstore/db-client';
import { describe, it } from 'vitest';
import { isInvalidPositionAnswer, isTransientAtStart, streamIsAbsent, truncationToWrite } from './esdb-answers.ts';

/**
 * A gRPC error as @grpc/grpc-js hands it to the client: status code, details, and the trailers
 * the server set (EventStoreDB names its exceptions in the `exception` trailer).
 */
function grpcError(code: number, details: string, trailers: Record<string, string> = {}) {
  const error = Object.assign(new Error(`${code} ${details}`), {
    code,
    details,
    metadata: { getMap: () => trailers },
  });
  return convertToCommandError(error);
}

const UNKNOWN = 2;
const INVALID_ARGUMENT = 3;
const DEADLINE_EXCEEDED = 4;
const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;
const UNAVAILABLE = 14;

describe("EventStoreDB's answers", () => {
  it('knows a read of $all from a position inside a record, as 24.10 answers it to reads and subscriptions', () => {
    assert.equal(isInvalidPositionAnswer(grpcError(UNKNOWN, 'Unexpected ReadAllResult: InvalidPosition')), true);
    assert.equal(
      isInvalidPositionAnswer(grpcError(UNKNOWN, 'Unexpected FilteredReadAllResult: InvalidPosition')),
      true,
    );
    assert.equal(
      isInvalidPositionAnswer(grpcError(INVALID_ARGUMENT, 'Trying to read from an invalid position.')),
      true,
    );
    assert.equal(isInvalidPositionAnswer(grpcError(UNKNOWN, 'Unexpected ReadAllResult: Error')), false);
    assert.equal(isInvalidPositionAnswer(grpcError(UNAVAILABLE, 'No connection established')), false);
    assert.equal(isInvalidPositionAnswer(new Error('Unexpected ReadAllResult: InvalidPosition')), false);
  });

  it('retries at start what a node not yet leader or not yet up answers, and nothing else', () => {
    const notLeader = grpcError(FAILED_PRECONDITION, 'Leader info available', {
      exception: 'not-leader',
      'leader-endpoint-host': '10.0.0.2',
      'leader-endpoint-port': '2113',
    });
    assert.equal(isTransientAtStart(notLeader), true);
    assert.equal(isTransientAtStart(grpcError(UNAVAILABLE, 'Server Is Not Ready')), true);
    assert.equal(isTransientAtStart(grpcError(DEADLINE_EXCEEDED, 'Deadline exceeded')), true);
    assert.equal(isTransientAtStart(grpcError(NOT_FOUND, "Projection '$streams' not found")), false);
    assert.equal(isTransientAtStart(grpcError(7, 'Access Denied', { exception: 'access-denied' })), false);
  });

  it("reads a delete's actual version -1 and an append's no_stream as a stream that does not exist", () => {
    const deleteOfMissing = grpcError(FAILED_PRECONDITION, 'Wrong expected version', {
      exception: 'wrong-expected-version',
      'stream-name': 'water-1',
      'expected-version': '3',
      'actual-version': '-1',
    });
    assert.ok(deleteOfMissing instanceof WrongExpectedVersionError);
    assert.equal(deleteOfMissing.actualVersion, -1n);
    assert.equal(streamIsAbsent(deleteOfMissing), true);

    const appendToMissing = new WrongExpectedVersionError(undefined, {
      streamName: 'water-1',
      expected: 3n,
      current: 'no_stream',
    });
    assert.equal(streamIsAbsent(appendToMissing), true);

    const movedOn = grpcError(FAILED_PRECONDITION, 'Wrong expected version', {
      exception: 'wrong-expected-version',
      'stream-name': 'water-1',
      'expected-version': '3',
      'actual-version': '0',
    });
    assert.equal(streamIsAbsent(movedOn as WrongExpectedVersionError), false);
  });

  it('never lowers a truncation point, nor writes back the one a soft delete set', () => {
    assert.equal(truncationToWrite(undefined, 4), 4);
    assert.equal(truncationToWrite(2, 4), 4);
    assert.equal(truncationToWrite(4, 4), null);
    assert.equal(truncationToWrite(9, 4), null);
    // long.MaxValue as JSON.parse reads it: past 2^53, never to be written back rounded.
    assert.equal(truncationToWrite(JSON.parse('{"$tb":9223372036854775807}').$tb, 4), null);
    assert.equal(truncationToWrite(9223372036854775807n, 4), null);
  });
});
