/**
 * A small seeded generator (mulberry32) for tests that make up histories at random: a failing run
 * is replayed from the seed it printed. One generator for every such test and for the demo's
 * history (tools/src/demo-history.ts, the same every time), so a seed means the same sequence
 * wherever it is given.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  /** The next number in [0, 1). */
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number from `from` to `to`, both included. */
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    chance: (probability: number) => next() < probability,
  };
}
