import { DomainError, type NewEvent, type RecordedEvent } from '@fitness/contracts';

/**
 * The event store port. Two adapters implement it: SQLite (embedded) and EventStoreDB
 * (distributed); both pass `contract/event-store.contract.ts`.
 */

/** What the writer expects the stream to be: anything, absent, present, or at an exact revision. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export type AppendResult = {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** Global position of the last event appended (or already there, for an idempotent repeat). */
  position: number;
};

export type AppendOptions = {
  /**
   * The caller's promise that no event of this append was ever appended before: its ids were
   * made for this attempt alone (a command without an Idempotency-Key, whose retry would be a
   * new command). The store then skips looking for an earlier append of the same ids. Left
   * out, an append whose ids are already in the stream is taken as a repeat (see appendToStream).
   */
  freshIds?: boolean;
};

export type Subscription = { stop(): Promise<void> };

/** A stream's events to erase: from its first up to and including `throughRevision`. */
export type StreamErasure = { streamId: string; throughRevision: number };

export type SubscribeOptions = {
  /** Deliver events after this position; 0 means from the very beginning. */
  fromPosition: number;
  /**
   * Receives events in log order, in batches. The next batch is not delivered before the
   * returned promise settles, so a slow consumer slows the subscription instead of buffering.
   */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called once if the subscription dies; it delivers nothing afterwards. */
  onError(error: unknown): void;
};

export interface EventStore {
  /**
   * Appends atomically. Throws WrongExpectedRevisionError when the stream is not as expected.
   * Appending events whose ids are already in the stream returns the earlier result (idempotence).
   * It resolves once the events are durable; readers never see an event before that.
   */
  appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** Events of one stream in order, from a revision on; empty when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Events of the whole log after a position, in order. Positions are opaque: `fromPosition` is
   * 0 (the start) or a position this store gave out (an event's, even one erased since); any
   * other number is refused with InvalidPositionError, as EventStoreDB refuses a byte offset
   * inside a record. Page by passing the last position seen, never a computed one.
   */
  readAll(options: { fromPosition: number; maxCount: number }): Promise<RecordedEvent[]>;
  /**
   * Events of the whole log strictly before a position, newest first; `beforePosition` left out
   * means from the end. The same positions are accepted as for readAll.
   */
  readAllBackwards(options: { beforePosition?: number; maxCount: number }): Promise<RecordedEvent[]>;
  /** The event at exactly this position; null when there is none (never was, or erased). */
  readEventAt(position: number): Promise<RecordedEvent | null>;
  /** Position of the newest event in the log; 0 for an empty log. */
  headPosition(): Promise<number>;
  /** Catches up from a position, then follows live, with no gap and no duplicate at the switch. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * Erases streams' events for good (a user's right to erasure): for each, its events from the
   * first up to and including `throughRevision`. Events appended after those stay, so a writer
   * that came later loses nothing; a stream left empty is gone, as if never written, and one
   * left with events keeps its revision. Positions of erased events are never reused.
   *
   * Once it resolves, no read returns them, in any process: stream reads and the whole log
   * alike (readAll, readAllBackwards, readEventAt, headPosition, subscriptions, so a replay
   * never meets them). The storage lets them go when the store can: SQLite removes the rows at
   * once (overwritten, its WAL emptied); EventStoreDB at the scavenge its adapter starts shortly
   * after erasures, until which they stay in its files, hidden (see eventstoredb-event-store.ts).
   */
  eraseStreams(erasures: StreamErasure[]): Promise<void>;
  /** Stream names with their last revision, for the developer tools. */
  listStreams(options: { prefix?: string; limit: number }): Promise<{ streamId: string; revision: number }[]>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly streamId: string;
  readonly expected: ExpectedRevision;
  readonly actual: number | 'no_stream';
  constructor(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream') {
    super(`Stream ${streamId} was expected at ${expected} but is at ${actual}`);
    this.name = 'WrongExpectedRevisionError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * A position the store never gave out (for instance one computed by arithmetic: positions are
 * byte offsets on EventStoreDB and sparse on SQLite, so `position - 1` is no position at all).
 */
export class InvalidPositionError extends DomainError {
  readonly position: number;
  constructor(position: number) {
    super('validation', `${position} is not a position in the event log.`);
    this.position = position;
  }
}

/**
 * The log could not be made durable (its sync to disk failed): this append is refused, and so is
 * every later one until the process is restarted (see sqlite/sqlite-event-store-durable-head.ts for why).
 */
export class EventStoreFailedError extends DomainError {
  override readonly retryAfterSeconds = 60;
  constructor(cause: unknown) {
    super('unavailable', 'The change could not be saved: the server cannot write to its disk. Please try again later.');
    this.cause = cause;
  }
}
