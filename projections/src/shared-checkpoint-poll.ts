/** Each projection's committed position, as `ReadStore.checkpoints` gives them. */
export type Checkpoints = Record<string, number>;

type Waiter = {
  reached: (checkpoints: Checkpoints) => boolean;
  /** Its time ran out: the next answer settles it, reached or not. */
  expired: boolean;
  settle: (reached: boolean) => void;
  fail: (error: unknown) => void;
};

/**
 * One poll of the checkpoints for every read of the process that waits on them: while anyone
 * waits, the checkpoints are read, each waiter is given the answer, and, if some still wait,
 * read again after `pause`; when no one waits, nothing is read. A poll per waiting read would
 * have put one checkpoint read every few milliseconds on the store for each request in flight,
 * more under load, when the projections are slowest to answer.
 *
 * Any answer may serve a waiter that came after its read began: checkpoints never move back,
 * so one that says a position was reached is true, and one that says not yet is followed by
 * another. A read that fails fails the waiters it would have answered, as their own read would.
 */
export class SharedCheckpointPoll {
  private readonly read: () => Promise<Checkpoints>;
  private readonly pause: () => Promise<void>;
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(read: () => Promise<Checkpoints>, pause: () => Promise<void>) {
    this.read = read;
    this.pause = pause;
  }

  /**
   * Resolves true once `reached` holds for the checkpoints read; false when it does not hold for
   * the first read that ends after `timeoutMs` (so a wait of 0 still reads once, as a lone poll did).
   */
  waitFor(reached: (checkpoints: Checkpoints) => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const waiter: Waiter = {
        reached,
        expired: false,
        settle: (outcome) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
        fail: (error) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiter.expired = true;
      }, timeoutMs);
      this.waiters.add(waiter);
      if (!this.polling) void this.poll();
    });
  }

  private async poll() {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        // Everyone waiting once the answer is in, those who came during the read too.
        try {
          const checkpoints = await this.read();
          for (const waiter of [...this.waiters]) {
            if (waiter.reached(checkpoints)) waiter.settle(true);
            else if (waiter.expired) waiter.settle(false);
          }
        } catch (error) {
          for (const waiter of [...this.waiters]) waiter.fail(error);
        }
        if (this.waiters.size > 0) await this.pause();
      }
    } finally {
      this.polling = false;
    }
  }
}
