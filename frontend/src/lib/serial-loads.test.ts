import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { serialLoads } from './serial-loads.ts';

/** A load the test finishes by hand, counting how often it started. */
function manualLoad() {
  const finishers: ((error?: Error) => void)[] = [];
  return {
    finishers,
    load: () => new Promise<void>((resolve, reject) => finishers.push((error) => (error ? reject(error) : resolve()))),
  };
}

describe('serial loads', () => {
  it('starts a load asked for meanwhile only after the running one, and runs those asked for together once', async () => {
    const { finishers, load } = manualLoad();
    const run = serialLoads(load);
    const first = run();
    const second = run();
    const third = run();
    assert.equal(finishers.length, 1, 'never two at once');
    assert.equal(second, third, 'asked for together, run together');
    finishers[0]?.();
    await first;
    await new Promise((resolve) => setTimeout(resolve));
    assert.equal(finishers.length, 2, 'one more run for the two asked for meanwhile');
    finishers[1]?.();
    await Promise.all([second, third]);
  });

  it('gives a failure to its own caller and still runs the next load', async () => {
    const { finishers, load } = manualLoad();
    const run = serialLoads(load);
    const failing = run();
    const next = run();
    finishers[0]?.(new Error('offline'));
    await assert.rejects(failing, /offline/);
    await new Promise((resolve) => setTimeout(resolve));
    finishers[1]?.();
    await next;
    assert.equal(finishers.length, 2);
  });
});
