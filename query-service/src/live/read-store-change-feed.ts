import { EventEmitter } from 'node:events';
import type { ChangeNotice } from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import type { ChangeFollowing, FeedEntry, ReadStore } from '@fitness/stores';
import type { ChangeSource } from './live-channel.ts';

export type ChangeFeedOptions = {
  logger: Logger;
  /** Pause between reads once the feed is drained, when nothing tells of commits. */
  pollMs?: number;
  /**
   * The same where the store hints at each commit (SQLite's write-ahead log watched): the poll
   * is only the fallback for a hint that never came, so it can be far apart.
   */
  hintedPollMs?: number;
  /** Most notices read at once; a full batch is followed by the next read at once. */
  batchSize?: number;
};

/**
 * After a hint, the reads that found nothing new are repeated this many milliseconds apart. A
 * SQLite writer appends a commit to the write-ahead log (the hint) a moment before it publishes
 * it in the shared-memory index that readers look at, so a read woken by the hint can come too
 * early; the writes of one commit may reach the watcher as one event, so no second hint follows.
 */
const SETTLE_MS = [1, 4, 16, 64, 256];

/**
 * The change notices that the projections process commits to the read store's change feed
 * (written in the same transaction as the read models), heard from another process: the query
 * service of the distributed deployment. Follows the feed from its newest entry at start (a
 * socket connected later has nothing to catch up on: clients load state by query, pushes only
 * tell them to refresh). Every query-service instance follows it on its own, so each can push to
 * the sockets connected to it, and a write reaches the sockets on every instance.
 *
 * Where the store pushes (MongoDB's change stream, `followChanges`), entries arrive as they are
 * committed, with no polling; one arriving past a gap (after the stream was down longer than
 * its history) makes the feed read the gap from the outbox (`changesAfter`) first, so sequences
 * stay whole. Where it cannot (a standalone MongoDB server, SQLite), the feed polls the outbox:
 * on SQLite a write to the write-ahead log (`watchCommits`) wakes it at once, and the poll, far
 * apart then, only covers a hint that never came.
 */
export class ReadStoreChangeFeed implements ChangeSource {
  private readonly readStore: ReadStore;
  private readonly options: Required<ChangeFeedOptions>;
  private readonly emitter = new EventEmitter();
  private sequence = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** A commit was hinted since the last read began. */
  private hinted = false;
  private stopWatching: (() => void) | null = null;
  private following: ChangeFollowing | null = null;
  /** Pushed entries and catch-up reads, one at a time and in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(readStore: ReadStore, options: ChangeFeedOptions) {
    this.readStore = readStore;
    this.options = { pollMs: 50, hintedPollMs: 1000, batchSize: 500, ...options };
    this.emitter.setMaxListeners(0);
  }

  /** Starts following after the newest notice committed so far. */
  async start() {
    this.sequence = await this.readStore.latestChangeSequence();
    if (this.readStore.followChanges) {
      this.following = await this.readStore.followChanges((entry) => this.pushed(entry), {
        onError: (error) => this.options.logger.error({ err: error }, 'following the change feed failed, resuming'),
      });
      if (this.following) {
        // What was committed between reading the newest sequence and the stream opening.
        this.enqueue(() => this.readUpTo(Number.POSITIVE_INFINITY));
        return;
      }
      this.options.logger.info(
        { reason: 'change streams need a replica set' },
        'the read store cannot push changes here: polling the change feed',
      );
    }
    this.stopWatching = this.readStore.watchCommits?.(() => this.hint()) ?? null;
    this.running = this.tail();
  }

  async stop() {
    this.stopped = true;
    this.stopWatching?.();
    await this.following?.close();
    this.wake?.();
    await this.running;
    await this.queue;
  }

  onChange(listener: (notice: ChangeNotice) => void) {
    this.emitter.on('change', listener);
    return () => {
      this.emitter.off('change', listener);
    };
  }

  /** An entry the store pushed: once, in order, after whatever it skipped. */
  private pushed(entry: FeedEntry) {
    this.enqueue(async () => {
      if (entry.sequence <= this.sequence) return;
      if (entry.sequence > this.sequence + 1) {
        // A gap that cannot be read now stays a gap (clients reload on reconnect); this entry goes out still.
        await this.readUpTo(entry.sequence - 1).catch((error) =>
          this.options.logger.error({ err: error, sequence: this.sequence }, 'reading a gap in the change feed failed'),
        );
      }
      if (entry.sequence <= this.sequence) return;
      this.sequence = entry.sequence;
      this.emitter.emit('change', entry.notice);
    });
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue
      .then(work)
      .catch((error) =>
        this.options.logger.error({ err: error, sequence: this.sequence }, 'reading the change feed failed'),
      );
  }

  /** Reads the outbox until it is drained or past `sequence`. */
  private async readUpTo(sequence: number) {
    while (this.sequence < sequence && !this.stopped) {
      if ((await this.readBatch()) < this.options.batchSize) return;
    }
  }

  private hint() {
    this.hinted = true;
    this.wake?.();
  }

  private async tail() {
    const pollMs = this.stopWatching ? this.options.hintedPollMs : this.options.pollMs;
    // Reads left to make, shortly after a hint, before the long pause: see SETTLE_MS.
    let settling: number[] = [];
    while (!this.stopped) {
      if (this.hinted) settling = [...SETTLE_MS];
      this.hinted = false;
      let read = 0;
      try {
        read = await this.readBatch();
      } catch (error) {
        // A busy or briefly unreachable store: the next poll retries from the same sequence.
        this.options.logger.error({ err: error, sequence: this.sequence }, 'reading the change feed failed');
      }
      if (read > 0) settling = [];
      // A full batch, or a commit hinted while reading: read again at once.
      if (read === this.options.batchSize || this.hinted) continue;
      await this.pause(settling.shift() ?? pollMs);
    }
  }

  private async readBatch() {
    const entries = await this.readStore.changesAfter(this.sequence, this.options.batchSize);
    const first = entries[0];
    if (first && first.sequence > this.sequence + 1) {
      this.options.logger.error(
        { after: this.sequence, next: first.sequence, missed: first.sequence - this.sequence - 1 },
        'the change feed was pruned past this reader; those live pushes are lost',
      );
    }
    for (const { sequence, notice } of entries) {
      this.sequence = sequence;
      this.emitter.emit('change', notice);
    }
    return entries.length;
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
