import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { CounterStore } from '../counters.ts';

/** Two handles on one backing store: two processes' connections to the same counters. */
export type CounterStorePair = { first: CounterStore; second: CounterStore };

const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, seconds));

/**
 * The behaviour every counter store adapter must have. Each adapter's test file calls this with a
 * factory that opens two handles on a fresh, empty store.
 */
export function counterStoreContract(name: string, open: () => Promise<CounterStorePair>) {
  describe(`counter store contract: ${name}`, () => {
    async function withPair(run: (pair: CounterStorePair) => Promise<void>) {
      const pair = await open();
      try {
        await run(pair);
      } finally {
        await pair.first.close();
        await pair.second.close();
      }
    }

    it('counts from 1 within a window fixed by the first hit', () =>
      withPair(async ({ first }) => {
        assert.deepEqual(await first.hit('k', 60_000, { now: at(0) }), { count: 1, resetAt: at(60).getTime() });
        assert.deepEqual(await first.hit('k', 60_000, { now: at(10) }), { count: 2, resetAt: at(60).getTime() });
        assert.deepEqual(await first.get('k', at(20)), { count: 2, resetAt: at(60).getTime() });
        assert.equal(await first.get('other', at(20)), null, 'each key counts on its own');
      }));

    it('counts the hits of two handles together, concurrent ones too', () =>
      withPair(async ({ first, second }) => {
        const hits = Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).hit('shared', 60_000));
        const counts = (await Promise.all(hits)).map((count) => count.count).sort((a, b) => a - b);
        assert.deepEqual(
          counts,
          Array.from({ length: 40 }, (_, i) => i + 1),
          'no count lost or repeated',
        );
        assert.equal((await first.get('shared'))?.count, 40);
        assert.equal((await second.get('shared'))?.count, 40);
      }));

    it('lapses at the end of its window: reads as absent, and the next hit starts again', () =>
      withPair(async ({ first, second }) => {
        await first.hit('k', 60_000, { now: at(0) });
        await first.hit('k', 60_000, { now: at(1) });
        assert.equal(await second.get('k', at(60)), null);
        assert.deepEqual(await second.hit('k', 60_000, { now: at(61) }), { count: 1, resetAt: at(121).getTime() });
      }));

    it('slides the window with each hit when asked, so it lapses only after a quiet spell', () =>
      withPair(async ({ first }) => {
        await first.hit('k', 30_000, { now: at(0), slide: true });
        assert.deepEqual(await first.hit('k', 30_000, { now: at(20), slide: true }), {
          count: 2,
          resetAt: at(50).getTime(),
        });
        assert.equal((await first.get('k', at(45)))?.count, 2, 'still counted past the first window');
        assert.equal(await first.get('k', at(50)), null);
      }));

    it('forgets a key on reset, from either handle', () =>
      withPair(async ({ first, second }) => {
        await first.hit('k', 60_000, { now: at(0) });
        await first.hit('kept', 60_000, { now: at(0) });
        await second.reset('k');
        await second.reset('never-hit');
        assert.equal(await first.get('k', at(1)), null);
        assert.equal((await first.hit('k', 60_000, { now: at(2) })).count, 1);
        assert.equal((await first.get('kept', at(2)))?.count, 1);
      }));

    it('sweeps lapsed counters and keeps live ones', () =>
      withPair(async ({ first, second }) => {
        await first.hit('short', 1_000, { now: at(0) });
        await first.hit('long', 60_000, { now: at(0) });
        assert.equal(await second.sweep(at(30)), 1);
        assert.equal(await second.sweep(at(30)), 0, 'nothing left to sweep');
        assert.equal((await first.get('long', at(30)))?.count, 1);
      }));
  });
}
