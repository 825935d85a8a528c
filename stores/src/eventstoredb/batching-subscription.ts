import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  excludeSystemEvents,
} from '@eventstore/db-client';
import type { RecordedEvent } from '@fitness/contracts';
import { InvalidPositionError, type SubscribeOptions } from '../event-store.ts';
import type { ErasureJournal } from './erasure-journal.ts';
import { isInvalidPositionAnswer } from './esdb-answers.ts';
import { isSystemEvent, toReadPosition, toRecorded } from './esdb-records.ts';

/** Events held for a slow consumer before the gRPC stream is paused (flow control takes over). */
const SUBSCRIPTION_BUFFER = 1000;

/**
 * A catch-up subscription to $all that hands events over in batches: while `onEvents` works on
 * one batch, what arrives is buffered and becomes the next batch. A full buffer pauses the
 * stream, so a slow consumer slows the server down instead of growing memory. Each batch
 * leaves without the erased events the journal names (read again just before it leaves).
 */
export class BatchingSubscription {
  private readonly source: AllStreamSubscription;
  private readonly options: SubscribeOptions;
  private readonly journal: ErasureJournal;
  private state: 'running' | 'stopped' | 'failed' = 'running';
  private buffer: RecordedEvent[] = [];
  private lastPosition: number;
  private delivering = false;
  private delivered: Promise<void> = Promise.resolve();
  private unsubscribed: Promise<void> = Promise.resolve();

  constructor(client: EventStoreDBClient, options: SubscribeOptions, journal: ErasureJournal) {
    this.options = options;
    this.journal = journal;
    this.lastPosition = options.fromPosition;
    this.source = client.subscribeToAll({
      fromPosition: toReadPosition(options.fromPosition),
      // Filtered on the server by event type ($>, $metadata, ...); stream names are checked here.
      filter: excludeSystemEvents(),
    });
    this.source.on('data', (resolved) => this.receive(resolved));
    this.source.on('error', (error) =>
      // A start that is not a record's position (the server answers InvalidPosition).
      this.fail(isInvalidPositionAnswer(error) ? new InvalidPositionError(options.fromPosition) : error),
    );
    this.source.on('end', () => this.fail(new Error('EventStoreDB ended the subscription')));
    this.source.on('close', () => this.fail(new Error('EventStoreDB closed the subscription')));
  }

  private receive(resolved: AllStreamResolvedEvent) {
    if (this.state !== 'running' || !resolved.event || isSystemEvent(resolved.event)) return;
    let event: RecordedEvent;
    try {
      event = toRecorded(resolved.event);
    } catch (error) {
      this.fail(error);
      return;
    }
    // The start position itself comes back from the server: deliver strictly after it, once.
    if (event.position <= this.lastPosition) return;
    this.lastPosition = event.position;
    this.buffer.push(event);
    if (this.buffer.length >= SUBSCRIPTION_BUFFER) this.source.pause();
    if (!this.delivering) {
      this.delivering = true;
      this.delivered = this.deliver();
    }
  }

  private async deliver() {
    try {
      while (this.state === 'running' && this.buffer.length > 0) {
        const batch = this.buffer;
        this.buffer = [];
        this.source.resume();
        await this.journal.refresh();
        const shown = batch.filter((event) => !this.journal.hides(event.streamId, event.revision));
        if (this.state === 'running' && shown.length > 0) await this.options.onEvents(shown);
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.delivering = false;
    }
  }

  private fail(error: unknown) {
    if (this.state !== 'running') return;
    this.state = 'failed';
    this.buffer = [];
    this.unsubscribed = this.source.unsubscribe();
    this.options.onError(error);
  }

  async stop() {
    if (this.state === 'running') {
      this.state = 'stopped';
      this.buffer = [];
      this.unsubscribed = this.source.unsubscribe();
    }
    await this.unsubscribed;
    // A batch being handled when stop was called finishes first, like the SQLite adapter's.
    await this.delivered;
  }
}
