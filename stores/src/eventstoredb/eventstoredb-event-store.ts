import {
  BACKWARDS,
  END,
  type AppendResult as EsdbAppendResult,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  type ReadPosition,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { NewEvent, RecordedEvent } from '@fitness/contracts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type StreamErasure,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '../event-store.ts';
import { BatchingSubscription } from './batching-subscription.ts';
import {
  isSystemEvent,
  parseLink,
  positionOf,
  type StoredEvent,
  toExpectedRevision,
  toNumber,
  toReadPosition,
  toRecorded,
} from './esdb-records.ts';

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
 * System events ($-prefixed streams or types: projection links, metadata, statistics) never
 * leave the adapter.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<BatchingSubscription>();

  constructor(url: string) {
    this.client = EventStoreDBClient.connectionString(url);
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
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      // A soft-deleted (erased) stream reads as absent, like one never written.
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return events;
  }

  async eraseStreams(erasures: StreamErasure[]) {
    for (const { streamId, throughRevision } of erasures) {
      try {
        // Everything up to the stream's end: a soft delete, which fails if someone appended
        // since (the expected revision), and then only the erased part goes, as below.
        await this.client.deleteStream(streamId, { expectedRevision: BigInt(throughRevision) });
        continue;
      } catch (error) {
        if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) continue;
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // KurrentDB#4637: a stream that does not exist answers "wrong expected version" too.
        if (error.actualVersion === NO_STREAM) continue;
      }
      // $tb hides the events before it at once; the next scavenge removes them. Setting stream
      // metadata replaces all of it, so the rest is kept as it was.
      const { metadata } = await this.client.getStreamMetadata(streamId);
      await this.client.setStreamMetadata(streamId, { ...(metadata ?? {}), truncateBefore: throughRevision + 1 });
    }
  }

  async readAll(options: { fromPosition: number; maxCount: number }) {
    const events: RecordedEvent[] = [];
    if (options.maxCount <= 0) return events;
    // One more than asked: the event at fromPosition itself comes back and is dropped.
    const pageSize = Math.min(options.maxCount + 1, MAX_PAGE);
    for await (const event of this.scanAll('forwards', options.fromPosition, pageSize)) {
      if (isSystemEvent(event)) continue;
      events.push(toRecorded(event));
      if (events.length === options.maxCount) break;
    }
    return events;
  }

  async readAllBackwards(options: { beforePosition?: number; maxCount: number }) {
    const events: RecordedEvent[] = [];
    if (options.maxCount <= 0) return events;
    const pageSize = Math.min(options.maxCount + 1, MAX_PAGE);
    for await (const event of this.scanAll('backwards', options.beforePosition ?? Number.POSITIVE_INFINITY, pageSize)) {
      if (isSystemEvent(event)) continue;
      events.push(toRecorded(event));
      if (events.length === options.maxCount) break;
    }
    return events;
  }

  async readEventAt(position: number) {
    if (!Number.isSafeInteger(position) || position <= 0) return null;
    // A forwards read from {p, p} starts with the record at p itself when there is one.
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: { commit: BigInt(position), prepare: BigInt(position) },
      maxCount: 1,
    })) {
      const event = resolved.event;
      if (event && !isSystemEvent(event) && positionOf(event) === position) return toRecorded(event);
    }
    return null;
  }

  async headPosition() {
    // The newest events are often projection links ($>) written right after a domain event, so
    // a small backwards page usually reaches the domain event.
    for await (const event of this.scanAll('backwards', Number.POSITIVE_INFINITY, 64)) {
      if (!isSystemEvent(event)) return positionOf(event);
    }
    return 0;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new BatchingSubscription(this.client, options);
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /**
   * Stream names come from the `$streams` system projection (one link per stream, written in
   * log order) when it runs. It lags the log a little, so the log is also scanned backwards
   * down to the first event of the last stream it linked: streams created since are in that
   * tail. Without the projection the whole log is scanned. Then one read per listed stream
   * fetches its last revision (and drops deleted streams).
   *
   * Cost: reads every link in `$streams` (one per stream ever created) plus the tail of $all,
   * or all of $all without the projection. Acceptable for the developer tools, its only user;
   * never call it on a request path.
   */
  async listStreams(options: { prefix?: string; limit: number }) {
    const prefix = options.prefix ?? '';
    const { names, coveredUpTo } = await this.streamsFromProjection();
    for await (const event of this.scanAll('backwards', Number.POSITIVE_INFINITY, MAX_PAGE)) {
      if (positionOf(event) <= coveredUpTo) break;
      if (!isSystemEvent(event)) names.add(event.streamId);
    }
    const matching = [...names].filter((name) => name.startsWith(prefix) && !name.startsWith('$')).sort();
    const streams: { streamId: string; revision: number }[] = [];
    for (const streamId of matching) {
      if (streams.length >= options.limit) break;
      const revision = await this.lastRevision(streamId);
      if (revision !== null) streams.push({ streamId, revision });
    }
    return streams;
  }

  /** Names linked from `$streams`, and the $all position up to which that list is complete. */
  private async streamsFromProjection() {
    const names = new Set<string>();
    let last: { streamId: string; revision: bigint } | null = null;
    try {
      for await (const resolved of this.client.readStream('$streams', { direction: FORWARDS, fromRevision: START })) {
        if (!resolved.event) continue;
        last = parseLink(resolved.event.data);
        names.add(last.streamId);
      }
    } catch (error) {
      // The projection is not running (or never ran): scan the whole log instead.
      if (error instanceof StreamNotFoundError) return { names, coveredUpTo: 0 };
      throw error;
    }
    if (!last) return { names, coveredUpTo: 0 };
    const [linked] = await this.readStream(last.streamId, { fromRevision: Number(last.revision), maxCount: 1 });
    // The linked event is gone (stream deleted or truncated): trust nothing, scan everything.
    return { names, coveredUpTo: linked?.position ?? 0 };
  }

  private async lastRevision(streamId: string): Promise<number | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
      return null;
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return null;
      throw error;
    }
  }

  /**
   * Reads $all in pages, yielding each event once, system events included: forwards strictly
   * after `bound`, or backwards strictly before it. Each page is read to its end before
   * yielding, so stopping early never leaves a gRPC call half consumed.
   */
  private async *scanAll(direction: 'forwards' | 'backwards', bound: number, pageSize: number) {
    const forwards = direction === 'forwards';
    let from: ReadPosition = forwards || Number.isFinite(bound) ? toReadPosition(bound) : END;
    for (;;) {
      const page: StoredEvent[] = [];
      for await (const resolved of this.client.readAll({
        direction: forwards ? FORWARDS : BACKWARDS,
        fromPosition: from,
        maxCount: pageSize,
      })) {
        if (resolved.event) page.push(resolved.event);
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
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

/** Largest page asked of the server in one read. */
const MAX_PAGE = 1000;
