import { EventEmitter } from 'node:events';
import type { ChangeNotice } from '@fitness/contracts';
import type { Logger } from '@fitness/projections';
import type { ReadStore } from '@fitness/stores';
import type { ChangeSource } from './live-channel.ts';

export type ChangeFeedOptions = {
  logger: Logger;
  /** Pause between reads once the feed is drained. */
  pollMs?: number;
  /** Most notices read at once; a full batch is followed by the next read at once. */
  batchSize?: number;
};

/**
 * The change notices that the projections process commits to the read store's change feed
 * (written in the same transaction as the read models), heard from another process: the query
 * service of the distributed deployment. Tails the feed from its newest entry at start (a
 * socket connected later has nothing to catch up on: clients load state by query, pushes only
 * tell them to refresh). Every query-service instance tails it on its own, so each can push to
 * the sockets connected to it.
 *
 * Polling costs one indexed read per interval and adds up to `pollMs` of latency. On MongoDB a
 * change stream on the feed collection (`watch` on inserts, resumed from its token) could push
 * instead; polling works the same on both adapters, SQLite included, which is what runs here.
 */
export class ReadStoreChangeFeed implements ChangeSource {
  private readonly readStore: ReadStore;
  private readonly options: Required<ChangeFeedOptions>;
  private readonly emitter = new EventEmitter();
  private sequence = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(readStore: ReadStore, options: ChangeFeedOptions) {
    this.readStore = readStore;
    this.options = { pollMs: 50, batchSize: 500, ...options };
    this.emitter.setMaxListeners(0);
  }

  /** Starts tailing after the newest notice committed so far. */
  async start() {
    this.sequence = await this.readStore.latestChangeSequence();
    this.running = this.tail();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  onChange(listener: (notice: ChangeNotice) => void) {
    this.emitter.on('change', listener);
    return () => {
      this.emitter.off('change', listener);
    };
  }

  private async tail() {
    while (!this.stopped) {
      let read = 0;
      try {
        read = await this.readBatch();
      } catch (error) {
        // A busy or briefly unreachable store: the next poll retries from the same sequence.
        this.options.logger.error({ err: error, sequence: this.sequence }, 'reading the change feed failed');
      }
      if (read < this.options.batchSize) await this.pause();
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

  private pause() {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wake = done;
    });
  }
}
