import { EventEmitter } from 'node:events';
import { type NewEvent, type RecordedEvent, upcast } from '@fitness/contracts';
import type Database from 'better-sqlite3';
import {
  type AppendOptions,
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
  freshIds: boolean;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};
/** An append's rows, serialised before the group's transaction so that one that cannot be fails alone. */
type PreparedAppend = PendingAppend & { rows: { id: string; type: string; data: string; metadata: string }[] };
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

/**
 * The log. `(stream_id, revision)` serves every stream read and a stream's current revision (its
 * last entry), so no table of streams is kept beside it. Event ids are looked up only for an
 * append whose ids may come again (a command with an Idempotency-Key, a seed, an import), so
 * only those are indexed (`repeatable`); a fresh command's random ids skip that index. Files
 * written before kept `event_id UNIQUE` on every row, which SQLite cannot drop without copying
 * the table: they keep it (correct, only slower), and their rows count as repeatable (the
 * column's default), as any of them may be a keyed command's that its client sends again.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL,
  stream_id   TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  repeatable  INTEGER NOT NULL DEFAULT 1,
  UNIQUE (stream_id, revision)
);
`;
const INDEXES = `
CREATE UNIQUE INDEX IF NOT EXISTS events_repeatable_ids ON events (event_id) WHERE repeatable;
DROP TABLE IF EXISTS streams;
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
  /** The group commit's transaction, made once (making one builds four wrappers). */
  private readonly appendGroup: Database.Transaction<(group: PreparedAppend[]) => AppendOutcome[]>;

  constructor(file: string) {
    this.db = openDatabase(file, 'FULL', { cacheKb: 1024 });
    this.db.exec(SCHEMA);
    const columns = this.db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all();
    if (!columns.some((column) => column.name === 'repeatable')) {
      this.db.exec('ALTER TABLE events ADD COLUMN repeatable INTEGER NOT NULL DEFAULT 1');
    }
    this.db.exec(INDEXES);
    this.appended.setMaxListeners(0);
    this.statements = {
      streamRevision: this.db
        .prepare<[string], number>('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
        .pluck(),
      repeatableById: this.db.prepare<[string], { stream_id: string; revision: number; position: number }>(
        'SELECT stream_id, revision, position FROM events WHERE event_id = ? AND repeatable',
      ),
      insertEvent: this.db.prepare<[string, string, number, string, string, string, string, number]>(
        `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at, repeatable)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { head: number | null }>('SELECT max(position) AS head FROM events'),
      // Stream names are found by hopping along the (stream_id, revision) index from one name
      // to the next, a lookup each, rather than reading every event of the streams listed.
      listStreams: this.db.prepare<[{ prefix: string; limit: number }], { stream_id: string; revision: number }>(
        `WITH RECURSIVE names (stream_id) AS (
           SELECT min(stream_id) FROM events WHERE stream_id >= @prefix
           UNION ALL
           SELECT (SELECT min(stream_id) FROM events WHERE stream_id > names.stream_id) FROM names
           WHERE names.stream_id IS NOT NULL
           LIMIT @limit
         )
         SELECT stream_id, (SELECT max(revision) FROM events WHERE events.stream_id = names.stream_id) AS revision
         FROM names WHERE stream_id IS NOT NULL`,
      ),
    };
    this.appendGroup = this.db.transaction((group: PreparedAppend[]) => group.map((append) => this.appendOne(append)));
  }

  appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    return new Promise((resolve, reject) => {
      this.pendingAppends.push({ streamId, events, expected, freshIds: options.freshIds ?? false, resolve, reject });
      if (this.pendingAppends.length === 1) setImmediate(() => this.flushAppends());
    });
  }

  /**
   * Group commit: the appends that arrived during one turn of the event loop are written in one
   * transaction, so they share one sync to disk instead of paying one each. Each append checks
   * its expected revision before it writes anything, so one refused append writes nothing and
   * leaves the others of the group untouched, without a savepoint each.
   */
  private flushAppends() {
    const group: PreparedAppend[] = [];
    for (const append of this.pendingAppends) {
      try {
        group.push({ ...append, rows: append.events.map(serialise) });
      } catch (error) {
        append.reject(error);
      }
    }
    this.pendingAppends = [];
    if (group.length === 0) return;
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.appendGroup.immediate(group);
    } catch (error) {
      // Anything but a refusal (a full disk, say) rolls the whole group back.
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

  /** One append of a group: refused before it writes, or written whole. */
  private appendOne(append: PreparedAppend): AppendOutcome {
    const { streamId, expected, rows } = append;
    try {
      const repeat = append.freshIds ? null : this.findRepeat(streamId, rows);
      if (repeat) return { ok: true, result: { ...repeat, repeated: true } };
      const current = this.statements.streamRevision.get(streamId) ?? -1;
      assertExpected(streamId, expected, current);
      const recordedAt = new Date().toISOString();
      const repeatable = append.freshIds ? 0 : 1;
      let revision = current;
      let position = 0;
      for (const row of rows) {
        revision += 1;
        const info = this.statements.insertEvent.run(
          row.id,
          streamId,
          revision,
          row.type,
          row.data,
          row.metadata,
          recordedAt,
          repeatable,
        );
        position = Number(info.lastInsertRowid);
      }
      return { ok: true, result: { nextExpectedRevision: revision, position, repeated: false } };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return { ok: false, error };
      throw error;
    }
  }

  /** An append whose event ids are all already in this stream is a repeat of an earlier one. */
  private findRepeat(streamId: string, rows: { id: string }[]) {
    const found = rows.map((row) => this.statements.repeatableById.get(row.id));
    if (found.every((row) => row === undefined)) return null;
    const last = found.at(-1);
    if (found.every((row) => row?.stream_id === streamId) && last) {
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    throw new WrongExpectedRevisionError(streamId, 'any', this.statements.streamRevision.get(streamId) ?? 'no_stream');
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
      .all({ prefix, limit: options.limit })
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
      // A stream's revision is its last event's: one left empty is gone, one left with
      // events keeps its revision.
      const erase = this.db.prepare('DELETE FROM events WHERE stream_id = ? AND revision <= ?');
      this.db.transaction(() => {
        for (const { streamId, throughRevision } of erasures) erase.run(streamId, throughRevision);
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

function serialise(event: NewEvent) {
  const data = JSON.stringify(event.data);
  const metadata = JSON.stringify(event.metadata);
  if (data === undefined || metadata === undefined) throw new Error(`Event ${event.id} has no data or metadata`);
  return { id: event.id, type: event.type, data, metadata };
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
