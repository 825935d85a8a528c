import assert from 'node:assert/strict';
import { MongoCursorExhaustedError, MongoNetworkError, MongoRuntimeError, MongoServerError } from 'mongodb';
import { describe, it } from 'vitest';
import { reopening, StreamInvalidated } from './change-stream-reopening.ts';

/** An error as the driver builds it from the server's answer. */
const answered = (code: number, codeName: string, errmsg: string, errorLabels: string[] = []) =>
  new MongoServerError({ ok: 0, code, codeName, errmsg, errorLabels });

describe('opening the change feed stream again', () => {
  it('starts from now after an invalidate, however the driver tells of it', () => {
    assert.equal(reopening(new StreamInvalidated()), 'from-now');
    // The server closed the cursor after the invalidate (the driver's next() then finds none).
    assert.equal(reopening(new MongoRuntimeError('ChangeStream is closed')), 'from-now');
    assert.equal(reopening(new MongoCursorExhaustedError()), 'from-now');
  });

  it('starts from now when the server refuses the token for good', () => {
    const refusals = [
      // What resuming after an invalidate with the token it left answers: no error label.
      answered(
        260,
        'InvalidResumeToken',
        "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.",
      ),
      answered(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible', [
        'NonResumableChangeStreamError',
      ]),
      answered(280, 'ChangeStreamFatalError', 'cannot resume stream', ['NonResumableChangeStreamError']),
      answered(2, 'BadValue', 'anything labelled so', ['NonResumableChangeStreamError']),
    ];
    for (const refusal of refusals) assert.equal(reopening(refusal), 'from-now', refusal.message);
  });

  it('resumes from the token kept when the server was only out of reach', () => {
    assert.equal(reopening(new MongoNetworkError('connection refused')), 'resume');
    assert.equal(reopening(answered(91, 'ShutdownInProgress', 'shutting down')), 'resume');
    assert.equal(
      reopening(answered(189, 'PrimarySteppedDown', 'stepped down', ['ResumableChangeStreamError'])),
      'resume',
    );
  });
});
