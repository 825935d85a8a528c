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
  return db;
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
    insertEvent: db.prepare<[string, string, number, string, string, string, string, number]>(
      `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at, repeatable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    readStream: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    readAll: db.prepare<[number, number, number], EventRow>(
      'SELECT * FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?',
    ),
    readAllBackwards: db.prepare<[number, number], EventRow>(
      'SELECT * FROM events WHERE position < ? ORDER BY position DESC LIMIT ?',
    ),
    eventAt: db.prepare<[number], EventRow>('SELECT * FROM events WHERE position = ?'),
    head: db.prepare<[], number | null>('SELECT max(position) FROM events').pluck(),
    discardAfter: db.prepare<[number]>('DELETE FROM events WHERE position > ?'),
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
