import { type RecordedEvent, upcast } from '@fitness/contracts';
import type Database from 'better-sqlite3';
import { openDatabase } from './open-database.ts';

export type EventRow = {
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
 *
 * Positions are sparse, as EventStoreDB's byte offsets are: each event's is the last position
 * given out plus its record's size (see `recordSize`), so arithmetic on positions finds no event
 * here either. `AUTOINCREMENT` keeps `sqlite_sequence` at the largest ever given out, which the
 * next append starts from: positions of erased or discarded events are never given out again.
 * `erased_positions` keeps the positions of erased events (no data): a projection's checkpoint
 * may sit on one, and it stays a position to read from.
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

/**
 * The fixed part of a record, as EventStoreDB's log record has one (flags, transaction position
 * and offset, expected version, event and correlation ids, timestamp, lengths), so that even an
 * empty event moves the position by more than a few.
 */
const RECORD_HEADER_BYTES = 88;

/** How far an event moves the log's position: its record's size in bytes. */
export function recordSize(event: { streamId: string; type: string; data: string; metadata: string }) {
  const { byteLength } = Buffer;
  return (
    RECORD_HEADER_BYTES +
    byteLength(event.streamId) +
    byteLength(event.type) +
    byteLength(event.data) +
    byteLength(event.metadata)
  );
}

/**
 * Opens the event log's file for `SqliteEventStore`: commits with synchronous=OFF and no
 * automatic checkpoints (the store syncs the log itself, see DurableHead, and checkpoints it on
 * a thread of its own, see CheckpointThread), and brings a file written before to the current
 * layout.
 */
export function openEventLog(file: string): Database.Database {
  const db = openDatabase(file, 'OFF', { cacheKb: 1024 });
  db.pragma('wal_autocheckpoint = 0');
  db.exec(SCHEMA);
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')").all();
  if (!columns.some((column) => column.name === 'repeatable')) {
    db.exec('ALTER TABLE events ADD COLUMN repeatable INTEGER NOT NULL DEFAULT 1');
  }
  db.exec(INDEXES);
  keepErasedPositions(db);
  return db;
}

/**
 * Creates `erased_positions` in a file that has none. A file written before had dense positions
 * (1, 2, 3...), every one given out: those its erasures left empty are kept there, so that a
 * checkpoint on one stays valid; its appends go on sparse from its largest. Once per file, in a
 * write transaction, as another process may open the same file at the same time.
 */
function keepErasedPositions(db: Database.Database) {
  const exists = () =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'erased_positions'").get();
  if (exists()) return;
  db.transaction(() => {
    if (exists()) return;
    db.exec('CREATE TABLE erased_positions (position INTEGER PRIMARY KEY)');
    db.exec(
      `WITH RECURSIVE dense (position) AS (
         SELECT 1 WHERE (SELECT seq FROM sqlite_sequence WHERE name = 'events') >= 1
         UNION ALL
         SELECT position + 1 FROM dense WHERE position < (SELECT seq FROM sqlite_sequence WHERE name = 'events')
       )
       INSERT INTO erased_positions SELECT position FROM dense
       WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.position = dense.position)`,
    );
  }).immediate();
}

/** The statements of the event store, prepared once. */
export function eventLogStatements(db: Database.Database) {
  return {
    streamRevision: db
      .prepare<[string], number>('SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1')
      .pluck(),
    repeatableById: db.prepare<[string], { stream_id: string; revision: number; position: number }>(
      'SELECT stream_id, revision, position FROM events WHERE event_id = ? AND repeatable',
    ),
    /** The largest position ever given out (AUTOINCREMENT's), even if its event is gone since. */
    lastGivenOut: db.prepare<[], number>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck(),
    insertEvent: db.prepare<[number, string, string, number, string, string, string, string, number]>(
      `INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata, recorded_at, repeatable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    /** Whether a position was given out: an event's, or an erased one's (two lookups by key). */
    givenOut: db
      .prepare<[{ position: number }], number>(
        `SELECT EXISTS (SELECT 1 FROM events WHERE position = @position)
             OR EXISTS (SELECT 1 FROM erased_positions WHERE position = @position)`,
      )
      .pluck(),
    readStream: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    readAll: db.prepare<[number, number, number], EventRow>(
      'SELECT * FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?',
    ),
    readAllBackwards: db.prepare<[number, number, number], EventRow>(
      'SELECT * FROM events WHERE position < ? AND position <= ? ORDER BY position DESC LIMIT ?',
    ),
    eventAt: db.prepare<[number], EventRow>('SELECT * FROM events WHERE position = ?'),
    head: db.prepare<[], number | null>('SELECT max(position) FROM events').pluck(),
    discardAfter: db.prepare<[number]>('DELETE FROM events WHERE position > ?'),
    keepErased: db.prepare<[string, number]>(
      'INSERT OR IGNORE INTO erased_positions SELECT position FROM events WHERE stream_id = ? AND revision <= ?',
    ),
    erase: db.prepare<[string, number]>('DELETE FROM events WHERE stream_id = ? AND revision <= ?'),
    // Stream names are found by hopping along the (stream_id, revision) index from one name
    // to the next, a lookup each, rather than reading every event of the streams listed.
    listStreams: db.prepare<
      [{ prefix: string; limit: number; durable: number }],
      { stream_id: string; revision: number }
    >(
      `WITH RECURSIVE names (stream_id) AS (
         SELECT min(stream_id) FROM events WHERE stream_id >= @prefix
         UNION ALL
         SELECT (SELECT min(stream_id) FROM events WHERE stream_id > names.stream_id) FROM names
         WHERE names.stream_id IS NOT NULL
         LIMIT @limit
       )
       SELECT stream_id, (
         SELECT max(revision) FROM events WHERE events.stream_id = names.stream_id AND position <= @durable
       ) AS revision
       FROM names WHERE stream_id IS NOT NULL`,
    ),
  };
}

export type EventLogStatements = ReturnType<typeof eventLogStatements>;

/** An event as stored, read at its type's current version (upcast from the one it was written at). */
export function toRecorded(row: EventRow): RecordedEvent {
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
