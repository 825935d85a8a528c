import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { latestLoads } from './latest-load.ts';

/** A promise the test settles by hand, to make answers arrive in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('latest loads', () => {
  it('applies only the newest answer, whatever order they arrive in', async () => {
    const state = { failed: false, loading: false, shown: '' };
    const loads = latestLoads(state);
    const older = deferred<string>();
    const newer = deferred<string>();
    const first = loads.run(
      () => older.promise,
      (value) => (state.shown = value),
    );
    const second = loads.run(
      () => newer.promise,
      (value) => (state.shown = value),
    );
    newer.resolve('new');
    await second;
    assert.equal(state.loading, false);
    older.resolve('old');
    await first;
    assert.equal(state.shown, 'new');
  });

  it('reports a failure only for the newest load, and still throws it', async () => {
    const state = { failed: false };
    const loads = latestLoads(state);
    const stale = deferred<string>();
    const failing = loads.run(
      () => stale.promise,
      () => {},
    );
    await loads.run(
      async () => 'fine',
      () => {},
    );
    stale.reject(new Error('slow and broken'));
    await assert.rejects(failing, /slow and broken/);
    assert.equal(state.failed, false);
    await assert.rejects(
      loads.run(
        () => Promise.reject(new Error('down')),
        () => {},
      ),
      /down/,
    );
    assert.equal(state.failed, true);
  });

  it('applies nothing that was under way when invalidated', async () => {
    const state = { failed: false, shown: 'nothing' };
    const loads = latestLoads(state);
    const pending = deferred<string>();
    const run = loads.run(
      () => pending.promise,
      (value) => (state.shown = value),
    );
    loads.invalidate();
    pending.resolve('previous user');
    await run;
    assert.equal(state.shown, 'nothing');
  });
});
