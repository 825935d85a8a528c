/**
 * Gives the memory a burst of work freed back to the system once the burst is over.
 *
 * V8 keeps the heap pages a collection frees in a pool, to reuse them. It returns them only
 * when a collection is asked to reduce memory. Chrome asks when a tab goes idle. Node never
 * asks, and V8's own memory reducer waits for an allocation rate it never sees fall in a Node
 * process. So a server that folded a long log in at start (1M events) kept about 100 MB of
 * pooled pages resident for good, beside a live heap of about 60 MB.
 *
 * The projections runner notes the events it folds. Once at least `minimumWork` of them were
 * noted and then none for `quietMs`, this asks V8 for a memory-reducing collection. That is
 * V8's "last resort" flavour, which empties the pool. It costs one pause of a few full
 * collections, taken when the server has gone quiet, not on every batch.
 *
 * It needs the `gc` function that `node --expose-gc` gives (`npm start` and the container do).
 * Without it (tests in vitest, a hand-started `node`) nothing is released and nothing breaks.
 */
export type MemoryRelease = {
  /** Notes `amount` units of work done (events folded); quiet time counts from the last note. */
  note(amount: number): void;
  stop(): void;
};

type ReleaseOutcome = { rssBeforeMb: number; rssAfterMb: number; pauseMs: number };

export function releaseMemoryAfterBursts(options: {
  minimumWork: number;
  quietMs: number;
  release?: () => ReleaseOutcome | null;
  onReleased?: (outcome: ReleaseOutcome) => void;
}): MemoryRelease {
  const release = options.release ?? collectPooledPages;
  let work = 0;
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    timer = undefined;
    work = 0;
    const outcome = release();
    if (outcome) options.onReleased?.(outcome);
  };
  return {
    note(amount) {
      work += amount;
      if (work < options.minimumWork) return;
      if (timer) timer.refresh();
      else timer = setTimeout(fire, options.quietMs).unref();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** One memory-reducing collection, when `--expose-gc` gave the process `gc`; null otherwise. */
export function collectPooledPages(): ReleaseOutcome | null {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== 'function') return null;
  const rssBeforeMb = process.memoryUsage.rss() / 1048576;
  const started = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return {
    rssBeforeMb,
    rssAfterMb: process.memoryUsage.rss() / 1048576,
    pauseMs: performance.now() - started,
  };
}
