import {
  BACKWARDS,
  END,
  type AppendResult as EsdbAppendResult,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  NotFoundError,
  type ReadPosition,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { NewEvent, RecordedEvent } from '@fitness/contracts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  InvalidPositionError,
  type StreamErasure,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '../event-store.ts';
import { BatchingSubscription } from './batching-subscription.ts';
import { ErasureJournal, lastScavengePointPosition } from './erasure-journal.ts';
import { isInvalidPositionAnswer, isTransientAtStart } from './esdb-answers.ts';
import {
  isSystemEvent,
  positionOf,
  type StoredEvent,
  toExpectedRevision,
  toNumber,
  toReadPosition,
  toRecorded,
} from './esdb-records.ts';
import { retryAtStart } from './retry-at-start.ts';
import { Scavenges, startScavenge } from './scavenges.ts';
import { eraseStream } from './stream-erasure.ts';
import { enableStreamsProjection, listStreams } from './stream-list.ts';

/**
 * The distributed event store: EventStoreDB (24.10) over gRPC.
 *
 * Positions. EventStoreDB addresses an event in $all by {commit, prepare}, both byte offsets in
 * its transaction log. Every append made through gRPC writes each event as its own
 * "self-committed" prepare record (`PrepareFlags.IsCommitted`, StorageWriterService), and the
 * $all reader reports such an event at (prepare.LogPosition, prepare.LogPosition)
 * (AllReader.ReadAllEventsForward; ResolvedEvent.CalculatePosition for stream reads). So even in
 * a multi-event append every event has commit == prepare, and its own, strictly increasing
 * commit position: that commit position is our single-number `position`. Only the legacy TCP
 * "explicit transactions" (unused here, absent from the gRPC API) give several events one
 * commit position; `positionOf` refuses those rather than mis-order them.
 *
 * A position is a byte offset, so a JS number holds it exactly up to 2^53 bytes (9 PB) of log;
 * `positionOf` throws instead of rounding past that.
 *
 * Our positions are exclusive lower bounds ("after"), while an EventStoreDB read from a
 * position includes the event at it. The adapter therefore starts reads at {p, p} and drops
 * every event at or before p itself; 0 means the start of the log.
 *
 * System events ($-prefixed streams or types: projection links, metadata, statistics, the
 * erasure journal and markers) never leave the adapter.
 *
 * Erasure (see eraseStreams) is recorded in a journal every instance follows, so that $all
 * reads skip erased events until a scavenge, which the adapter starts, removes them.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<BatchingSubscription>();
  private readonly journal: ErasureJournal;
  private readonly scavenges: Scavenges;

  constructor(url: string, options: EventStoreDbOptions = {}) {
    this.client = EventStoreDBClient.connectionString(url);
    this.journal = new ErasureJournal(this.client);
    this.scavenges = new Scavenges({
      delayMs: options.scavengeDelayMs ?? SCAVENGE_DELAY_MS,
      lastScavengePoint: () => lastScavengePointPosition(this.client),
      start: () => startScavenge(this.client),
      onError: options.onBackgroundError ?? ((error) => process.emitWarning(asError(error), 'EventStoreDbScavenge')),
    });
  }

  /**
   * The first calls, retried while the node is not ready (its /health/live answers before it
   * is leader): enables the `$streams` projection, which listStreams reads, and reads the
   * erasure journal. Asks for a scavenge when erasures were recorded that none covers yet (one
   * asked for by a process that stopped before starting it).
   */
  async ready() {
    await retryAtStart(
      async () => {
        await enableStreamsProjection(this.client);
        await this.journal.refresh();
      },
      // NotFound: the projection subsystem creates `$streams` shortly after it starts.
      { isTransient: (error) => isTransientAtStart(error) || error instanceof NotFoundError },
    );
    if (this.journal.lastRecordPosition > 0) this.scavenges.request(this.journal.lastRecordPosition);
  }

  async appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const last = events.at(-1);
    if (!last) throw new Error('Nothing to append');
    let result: EsdbAppendResult;
    try {
      // Our event ids are UUIDs and become EventStoreDB's event ids, so the server recognises a
      // repeated append (idempotence) and answers with the earlier revision.
      result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata }),
        ),
        { expectedRevision: toExpectedRevision(expected) },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    // A fresh append reports the position of its last event (the chaser acknowledges the
    // prepare that ends the write). A repeat detected through the expected revision reports the
    // last event's position too, but a repeat recognised under `any` comes back without one:
    // then the event is read back.
    const position = result.position
      ? toNumber(result.position.commit)
      : await this.positionOfRepeat(streamId, nextExpectedRevision, last.id);
    return { nextExpectedRevision, position };
  }

  private async positionOfRepeat(streamId: string, revision: number, lastEventId: string) {
    const [event] = await this.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (event?.id !== lastEventId) {
      throw new Error(
        `Append to ${streamId} succeeded without a position, but revision ${revision} is not its last event`,
      );
    }
    return event.position;
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}) {
    const read = this.client.readStream(streamId, {
      direction: FORWARDS,
      fromRevision: BigInt(options.fromRevision ?? 0),
      maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        // An erasure's marker can stay in a stream a writer reached in the meantime.
        if (resolved.event && !isSystemEvent(resolved.event)) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      // A soft-deleted (erased) stream reads as absent, like one never written.
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Made true on EventStoreDB in three steps. (1) The erasure is recorded in the journal first,
   * so every $all read from then on skips the erased events, in every process. (2) Each stream
   * is erased (stream-erasure.ts): a wholly erased one gets a PII-free last event and is
   * soft-deleted, since a scavenge keeps the last event of every deleted stream; a partly
   * erased one gets `$tb`. Stream reads no longer return them. (3) A scavenge is asked for,
   * shared by the erasures of a burst, which removes them from the log and its index.
   */
  async eraseStreams(erasures: StreamErasure[]) {
    if (erasures.length === 0) return;
    let lastWrite = await this.journal.record(erasures);
    for (const erasure of erasures) lastWrite = Math.max(lastWrite, await eraseStream(this.client, erasure));
    this.scavenges.request(lastWrite);
  }

  async readAll(options: { fromPosition: number; maxCount: number }) {
    const events: RecordedEvent[] = [];
    if (options.maxCount <= 0) return events;
    // One more than asked: the event at fromPosition itself comes back and is dropped.
    const pageSize = Math.min(options.maxCount + 1, MAX_PAGE);
    for await (const event of this.domainEvents('forwards', options.fromPosition, pageSize)) {
      events.push(toRecorded(event));
      if (events.length === options.maxCount) break;
    }
    return events;
  }

  async readAllBackwards(options: { beforePosition?: number; maxCount: number }) {
    const events: RecordedEvent[] = [];
    if (options.maxCount <= 0) return events;
    const pageSize = Math.min(options.maxCount + 1, MAX_PAGE);
    if (options.beforePosition !== undefined) await this.refuseInsideARecord(options.beforePosition);
    for await (const event of this.domainEvents(
      'backwards',
      options.beforePosition ?? Number.POSITIVE_INFINITY,
      pageSize,
    )) {
      events.push(toRecorded(event));
      if (events.length === options.maxCount) break;
    }
    return events;
  }

  async readEventAt(position: number) {
    if (!Number.isSafeInteger(position) || position <= 0) return null;
    await this.journal.refresh();
    try {
      // A forwards read from {p, p} starts with the record at p itself when there is one.
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: { commit: BigInt(position), prepare: BigInt(position) },
        maxCount: 1,
      })) {
        const event = resolved.event;
        if (event && this.isShown(event) && positionOf(event) === position) return toRecorded(event);
      }
    } catch (error) {
      // Not a record's position: there is no event there.
      if (isInvalidPositionAnswer(error)) return null;
      throw error;
    }
    return null;
  }

  /**
   * A backwards read starts at the record ending before its position, and the server's source
   * does not show that it notices a position inside a record there (a forwards read is refused
   * with InvalidPosition): so the position is checked with a forwards read of one record first.
   */
  private async refuseInsideARecord(position: number) {
    if (position === 0) return;
    if (!Number.isSafeInteger(position) || position < 0) throw new InvalidPositionError(position);
    // Two: the record at the position itself comes back first and is dropped.
    for await (const _ of this.scanAll('forwards', position, 2)) break;
  }

  async headPosition() {
    // The newest events are often projection links ($>) written right after a domain event, so
    // a small backwards page usually reaches the domain event.
    for await (const event of this.domainEvents('backwards', Number.POSITIVE_INFINITY, 64)) return positionOf(event);
    return 0;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new BatchingSubscription(this.client, options, this.journal);
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  async listStreams(options: { prefix?: string; limit: number }) {
    return listStreams(this.client, () => this.scanAll('backwards', Number.POSITIVE_INFINITY, MAX_PAGE), options);
  }

  private isShown(event: StoredEvent) {
    return !isSystemEvent(event) && !this.journal.hides(event.streamId, event.revision);
  }

  /** scanAll's domain events, without the erased ones (the journal read first). */
  private async *domainEvents(direction: 'forwards' | 'backwards', bound: number, pageSize: number) {
    await this.journal.refresh();
    for await (const event of this.scanAll(direction, bound, pageSize)) {
      if (this.isShown(event)) yield event;
    }
  }

  /**
   * Reads $all in pages, yielding each event once, system events included: forwards strictly
   * after `bound`, or backwards strictly before it. Each page is read to its end before
   * yielding, so stopping early never leaves a gRPC call half consumed. A bound that is not a
   * record's position is refused by the server, and here with InvalidPositionError.
   */
  private async *scanAll(direction: 'forwards' | 'backwards', bound: number, pageSize: number) {
    const forwards = direction === 'forwards';
    let from: ReadPosition = forwards || Number.isFinite(bound) ? toReadPosition(bound) : END;
    for (;;) {
      const page: StoredEvent[] = [];
      try {
        for await (const resolved of this.client.readAll({
          direction: forwards ? FORWARDS : BACKWARDS,
          fromPosition: from,
          maxCount: pageSize,
        })) {
          if (resolved.event) page.push(resolved.event);
        }
      } catch (error) {
        if (isInvalidPositionAnswer(error)) throw new InvalidPositionError(bound);
        throw error;
      }
      for (const event of page) {
        const position = positionOf(event);
        if (forwards ? position <= bound : position >= bound) continue;
        bound = position;
        yield event;
      }
      const last = page.at(-1);
      if (page.length < pageSize || !last) return;
      from = toReadPosition(positionOf(last));
    }
  }

  async close() {
    await this.scavenges.stop();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

export type EventStoreDbOptions = {
  /** How long the first erasure of a burst waits before a scavenge is started. */
  scavengeDelayMs?: number;
  /** Failures of work done in the background (starting scavenges); a warning on stderr unless told. */
  onBackgroundError?(error: unknown): void;
};

/** Largest page asked of the server in one read. */
const MAX_PAGE = 1000;

/** A minute: the erasures of one account (a few batches) share a scavenge. */
const SCAVENGE_DELAY_MS = 60_000;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
