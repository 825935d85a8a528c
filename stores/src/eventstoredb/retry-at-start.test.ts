import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { retryAtStart } from './retry-at-start.ts';

class Transient extends Error {}

/** An operation that fails with the given errors, one per call, then answers 'ok'. */
function failing(...errors: Error[]) {
  const calls = { count: 0 };
  const operation = async () => {
    const error = errors[calls.count++];
    if (error) throw error;
    return 'ok';
  };
  return { operation, calls };
}

describe('retryAtStart', () => {
  const isTransient = (error: unknown) => error instanceof Transient;

  it('retries transient failures, waiting each delay in turn', async () => {
    const waits: number[] = [];
    const { operation, calls } = failing(new Transient(), new Transient());
    const answer = await retryAtStart(operation, {
      isTransient,
      delaysMs: [10, 20, 40],
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    assert.equal(answer, 'ok');
    assert.equal(calls.count, 3);
    assert.deepEqual(waits, [10, 20]);
  });

  it('gives up with the last error once the delays run out', async () => {
    const last = new Transient('third');
    const { operation, calls } = failing(new Transient(), new Transient(), last);
    await assert.rejects(retryAtStart(operation, { isTransient, delaysMs: [1, 1], wait: async () => {} }), last);
    assert.equal(calls.count, 3);
  });

  it('throws at once what is not transient', async () => {
    const refusal = new Error('Access Denied');
    const { operation, calls } = failing(refusal);
    await assert.rejects(retryAtStart(operation, { isTransient, delaysMs: [1, 1], wait: async () => {} }), refusal);
    assert.equal(calls.count, 1);
  });
});
