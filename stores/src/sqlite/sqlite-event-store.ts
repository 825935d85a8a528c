import { EventEmitter } from 'node:events';
import { type NewEvent, type RecordedEvent, upcast } from '@fitness/contracts';
import type Database from 'better-sqlite3';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type StreamErasure,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '../event-store.ts';
import { openDatabase, truncateWal } from './open-database.ts';

type PendingAppend = {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};
type AppendOutcome = { ok: true; result: AppendResult & { repeated: boolean } } | { ok: false; error: unknown };

type EventRow = {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL UNIQUE,
  stream_id   TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT PRIMARY KEY,
  revision  INTEGER NOT NULL
);
`;

/** How often a live subscription looks for events appended by another process (the CLI tools). */
const POLL_INTERVAL_MS = 250;
const SUBSCRIPTION_BATCH = 500;

/**
 * The embedded event store: one SQLite file. SQLite serialises writers, so positions are
 * committed in order and a reader that saw position N will never later find a smaller one:
 * that is what makes "catch up, then live" gap-free here.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<() => Promise<void>>();
  private pendingAppends: PendingAppend[] = [];
  private readonly statements;
  /**
   * The group commit's transaction, and the savepoint each append of it runs in (better-sqlite3
   * nests transactions so). Made once: making a transaction function builds four wrappers,
   * which every append paid for twice.
   */
  private readonly appendGroup: Database.Transaction<(group: PendingAppend[]) => AppendOutcome[]>;
  private readonly appendInSavepoint: Database.Transaction<
    (streamId: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult & { repeated: boolean }
  >;

  constructor(file: string) {
    this.db = openDatabase(file, 'FULL', { cacheKb: 1024 });
    this.db.exec(SCHEMA);
    this.appended.setMaxListeners(0);
    this.statements = {
      streamRevision: this.db.prepare<[string], { revision: number }>(
        'SELECT revision FROM streams WHERE stream_id = ?',
      ),
      eventById: this.db.prepare<[string], { stream_id: string; revision: number; position: number }>(
        'SELECT stream_id, revision, position FROM events WHERE event_id = ?',
      ),
      insertEvent: this.db.prepare(
        `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at)
         VALUES (@id, @streamId, @revision, @type, @data, @metadata, @recordedAt)`,
      ),
      upsertStream: this.db.prepare(
        `INSERT INTO streams (stream_id, revision) VALUES (?, ?)
         ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision`,
      ),
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events'),
      listStreams: this.db.prepare<[string, number], { stream_id: string; revision: number }>(
        `SELECT stream_id, revision FROM streams WHERE stream_id >= ? ORDER BY stream_id LIMIT ?`,
      ),
    };
    this.appendGroup = this.db.transaction((group: PendingAppend[]) => this.appendEach(group));
    this.appendInSavepoint = this.db.transaction((streamId: string, events: NewEvent[], expected: ExpectedRevision) =>
      this.appendOne(streamId, events, expected),
    );
  }

  appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    return new Promise((resolve, reject) => {
      this.pendingAppends.push({ streamId, events, expected, resolve, reject });
      if (this.pendingAppends.length === 1) setImmediate(() => this.flushAppends());
    });
  }

  /**
   * Group commit: the appends that arrived during one turn of the event loop are written in one
   * transaction, so they share one sync to disk instead of paying one each. Each append still
   * checks its own expected revision inside a savepoint, and one refused append leaves the
   * others of the group untouched.
   */
  private flushAppends() {
    const group = this.pendingAppends;
    this.pendingAppends = [];
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.appendGroup.immediate(group);
    } catch (error) {
      for (const append of group) append.reject(error);
      return;
    }
    group.forEach((append, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok)
        append.resolve({
          nextExpectedRevision: outcome.result.nextExpectedRevision,
          position: outcome.result.position,
        });
      else append.reject(outcome?.error);
    });
    if (outcomes.some((outcome) => outcome.ok && !outcome.result.repeated)) this.appended.emit('append');
  }

  /** One group's appends, each in a savepoint of the group's transaction (`appendInSavepoint`). */
  private appendEach(group: PendingAppend[]) {
    const outcomes: AppendOutcome[] = [];
    for (const append of group) {
      try {
        outcomes.push({ ok: true, result: this.appendInSavepoint(append.streamId, append.events, append.expected) });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  /** One append: what `appendInSavepoint` runs. */
  private appendOne(streamId: string, events: NewEvent[], expected: ExpectedRevision) {
    const repeat = this.findRepeat(streamId, events);
    if (repeat) return { ...repeat, repeated: true };
    const current = this.statements.streamRevision.get(streamId)?.revision ?? -1;
    assertExpected(streamId, expected, current);
    const recordedAt = new Date().toISOString();
    let revision = current;
    let position = 0;
    for (const event of events) {
      revision += 1;
      const info = this.statements.insertEvent.run({
        id: event.id,
        streamId,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        recordedAt,
      });
      position = Number(info.lastInsertRowid);
    }
    this.statements.upsertStream.run(streamId, revision);
    return { nextExpectedRevision: revision, position, repeated: false };
  }

  /** An append whose event ids are all already in this stream is a repeat of an earlier one. */
  private findRepeat(streamId: string, events: NewEvent[]) {
    const found = events.map((event) => this.statements.eventById.get(event.id));
    if (found.every((row) => row === undefined)) return null;
    const last = found.at(-1);
    if (found.every((row) => row?.stream_id === streamId) && last) {
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    throw new WrongExpectedRevisionError(
      streamId,
      'any',
      this.statements.streamRevision.get(streamId)?.revision ?? 'no_stream',
    );
  }

  /**
   * Hears each group commit that appended something new: for readers on another connection of
   * this file in this process (the embedded server's projections thread), whose own live
   * subscriptions would otherwise only find it at their next poll.
   */
  onAppend(listener: () => void): () => void {
    this.appended.on('append', listener);
    return () => {
      this.appended.off('append', listener);
    };
  }

  /** Wakes this connection's live subscriptions: another connection appended (see `onAppend`). */
  appendedElsewhere() {
    this.appended.emit('append');
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}) {
    return this.statements.readStream
      .all(streamId, options.fromRevision ?? 0, options.maxCount ?? Number.MAX_SAFE_INTEGER)
      .map(toRecorded);
  }

  async readAll(options: { fromPosition: number; maxCount: number }) {
    return this.readAllSync(options.fromPosition, options.maxCount);
  }

  private readAllSync(fromPosition: number, maxCount: number) {
    return this.statements.readAll.all(fromPosition, maxCount).map(toRecorded);
  }

  async headPosition() {
    return this.statements.head.get()?.head ?? 0;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let wake: (() => void) | null = null;
    const onAppend = () => wake?.();
    this.appended.on('append', onAppend);

    const waitForMore = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, POLL_INTERVAL_MS);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        wake = done;
      });

    const loop = async () => {
      let position = options.fromPosition;
      while (!stopped) {
        const batch = this.readAllSync(position, SUBSCRIPTION_BATCH);
        if (batch.length === 0) {
          await waitForMore();
          continue;
        }
        await options.onEvents(batch);
        position = batch.at(-1)?.position ?? position;
      }
    };
    const running = loop().catch((error) => {
      if (!stopped) options.onError(error);
    });

    const stop = async () => {
      stopped = true;
      this.appended.off('append', onAppend);
      wake?.();
      this.subscriptions.delete(stop);
      await running;
    };
    this.subscriptions.add(stop);
    return { stop };
  }

  async listStreams(options: { prefix?: string; limit: number }) {
    const prefix = options.prefix ?? '';
    // Names sharing the prefix sort together right after it, so a range scan finds them all.
    return this.statements.listStreams
      .all(prefix, options.limit)
      .filter((row) => row.stream_id.startsWith(prefix))
      .map((row) => ({ streamId: row.stream_id, revision: row.revision }));
  }

  async eraseStreams(erasures: StreamErasure[]) {
    if (erasures.length === 0) return;
    // secure_delete overwrites the erased rows with zeros instead of leaving them in free
    // pages, and the checkpoint moves that into the main file and empties the WAL, so the
    // erased data is not left on disk either. Only erasures pay for it, once per call.
    this.db.pragma('secure_delete = ON');
    try {
      const erase = this.db.prepare('DELETE FROM events WHERE stream_id = ? AND revision <= ?');
      const left = this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE stream_id = ?');
      const forget = this.db.prepare('DELETE FROM streams WHERE stream_id = ?');
      this.db.transaction(() => {
        for (const { streamId, throughRevision } of erasures) {
          erase.run(streamId, throughRevision);
          if (left.get(streamId)?.n === 0) forget.run(streamId);
        }
      })();
    } finally {
      this.db.pragma('secure_delete = OFF');
    }
    await truncateWal(this.db);
  }

  async close() {
    await Promise.all([...this.subscriptions].map((stop) => stop()));
    this.db.close();
  }
}

function assertExpected(streamId: string, expected: ExpectedRevision, current: number) {
  const actual = current < 0 ? 'no_stream' : current;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current < 0) ||
    (expected === 'stream_exists' && current >= 0) ||
    expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

/** An event as stored, read at its type's current version (upcast from the one it was written at). */
function toRecorded(row: EventRow): RecordedEvent {
  return upcast({
    id: row.event_id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
  });
}
