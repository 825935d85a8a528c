/** A counter's state: the hits counted in its window, and when the window ends (ms since the epoch). */
export type Count = { count: number; resetAt: number };

export type HitOptions = {
  /** The moment of the hit; the wall clock unless given (a test's or a command's clock). */
  now?: Date;
  /**
   * Each hit starts the window again, so the counter lapses only after `windowMs` without a hit
   * (a sliding expiry). Without it the window is fixed from the first hit, as a rate limit's is.
   */
  slide?: boolean;
};

/**
 * Counters that every process of a deployment shares: the rate limits on the sign-in routes and
 * each account's wrong passwords, so two replicas of the command service count one client
 * together instead of each letting it through its own allowance. A counter lapses at its
 * `resetAt`: from then on it reads as absent and the next hit starts at 1; lapsed counters are
 * removed in the background (swept, or a TTL index).
 */
export interface CounterStore {
  /** Counts one hit on `key`, atomically across processes, and returns the count including it. */
  hit(key: string, windowMs: number, options?: HitOptions): Promise<Count>;
  /** The live counter of `key`, or null when it has none (never hit, reset, or lapsed). */
  get(key: string, now?: Date): Promise<Count | null>;
  /** Forgets `key`'s counter (the right password clears the wrong ones). */
  reset(key: string): Promise<void>;
  /** Removes the counters that lapsed by `now`; returns how many. */
  sweep(now?: Date): Promise<number>;
  close(): Promise<void>;
}
