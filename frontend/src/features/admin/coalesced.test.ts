import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { coalesced } from './coalesced.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('coalesced reloads', () => {
  it('runs a burst of requests as the running load plus one more, never two at once', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const reload = coalesced(
      async () => {
        runs += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await tick(20);
        running -= 1;
      },
      'test',
      10,
    );
    const burst = Array.from({ length: 10 }, () => reload());
    await Promise.all(burst);
    assert.equal(runs, 2);
    assert.equal(overlapped, false);
  });

  it('keeps the gap between loads, and starts afresh once idle', async () => {
    const starts: number[] = [];
    const reload = coalesced(
      async () => {
        starts.push(Date.now());
      },
      'test',
      50,
    );
    await reload();
    await reload();
    const [first = 0, second = 0] = starts;
    assert.equal(starts.length, 2);
    assert.ok(second - first >= 45, `loads ${second - first} ms apart`);
  });

  it('goes on after a failed load', async () => {
    let runs = 0;
    const reload = coalesced(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('down');
      },
      'test',
      0,
    );
    const original = console.error;
    console.error = () => undefined;
    try {
      await reload();
      await reload();
    } finally {
      console.error = original;
    }
    assert.equal(runs, 2);
  });
});
