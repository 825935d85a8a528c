import type { RecordedEvent } from '@fitness/contracts';
import type { SubscribeOptions, Subscription } from '../event-store.ts';

/** How often a live subscription looks for events appended by another process (the CLI tools). */
const POLL_INTERVAL_MS = 250;
const SUBSCRIPTION_BATCH = 500;

/** What a subscription needs of the SQLite store it follows. */
export type FollowedLog = {
  /** Refuses a position the store never gave out (InvalidPositionError). */
  assertGivenOut(position: number): void;
  /** Durable events after a position, in order. */
  readAfter(position: number, maxCount: number): RecordedEvent[];
  /** Calls `listener` at each sync that made new events durable; returns its removal. */
  onDurable(listener: () => void): () => void;
  /** Asks for a sync if the file holds more than any append of this store covers. */
  lookForMore(): void;
};

/**
 * SqliteEventStore.subscribeToAll: catches up from a position in batches, then follows live.
 * SQLite commits positions in order, so reading on from the last position delivered neither
 * skips nor repeats an event at the switch. A position never given out is refused through
 * `onError`, as a subscription that dies at its start.
 */
export function followLog(log: FollowedLog, options: SubscribeOptions): Subscription {
  let stopped = false;
  let wake: (() => void) | null = null;
  const stopHearing = log.onDurable(() => wake?.());

  /** Resolves true when a sync told of more, false when the poll's time ran out first. */
  const waitForMore = () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), POLL_INTERVAL_MS);
      function done(told: boolean) {
        clearTimeout(timer);
        resolve(told);
      }
      wake = () => done(true);
    });

  const loop = async () => {
    log.assertGivenOut(options.fromPosition);
    let position = options.fromPosition;
    while (!stopped) {
      const batch = log.readAfter(position, SUBSCRIPTION_BATCH);
      if (batch.length === 0) {
        // Only a poll that heard of nothing looks past the durable head: what this process
        // appends, its syncs tell; what another process appended, nothing else would.
        if (!(await waitForMore())) log.lookForMore();
        continue;
      }
      await options.onEvents(batch);
      position = batch.at(-1)?.position ?? position;
    }
  };
  const running = loop().catch((error) => {
    if (!stopped) options.onError(error);
  });

  return {
    async stop() {
      stopped = true;
      stopHearing();
      wake?.();
      await running;
    },
  };
}
