import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens a SQLite file in WAL mode so readers never block the single writer, with a busy timeout
 * so a second process (the developer tools) waits for the lock instead of failing. `pageSize`
 * applies to a new file only (SQLite fixes it when the first table is created). `cacheKb` bounds
 * the connection's page cache: better-sqlite3 builds SQLite with 16 MB a connection, which a
 * server that reads a long log once filled on every connection and kept (the files' pages stay
 * in the system's cache anyway, a read away).
 */
export function openDatabase(
  file: string,
  synchronous: 'FULL' | 'NORMAL' | 'OFF',
  options: { pageSize?: number; cacheKb: number },
): Database.Database {
  if (!isInMemory(file)) fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  if (options.pageSize) db.pragma(`page_size = ${Number(options.pageSize)}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma(`cache_size = -${Math.trunc(options.cacheKb)}`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Whether SQLite keeps this "file" in memory, private to its connection (':memory:', or '' for a temporary one). */
export const isInMemory = (file: string) => file === ':memory:' || file === '';

/** Identifiers that go into SQL text (collection and field names) must be plain words. */
export function assertIdentifier(kind: string, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid ${kind} name: ${name}`);
  return name;
}

/**
 * Copies the write-ahead log into the main file. It runs with synchronous=FULL whatever the
 * connection commits with: the log is then synced before its pages are copied and the main file
 * after, before the log may be emptied and written again from its start. A connection that
 * commits with synchronous=OFF (the event store, which syncs its log itself) would otherwise
 * copy and reuse the log with neither synced, and a power cut could lose what was in both.
 */
export function checkpoint(db: Database.Database, mode: 'PASSIVE' | 'TRUNCATE') {
  const synchronous = db.pragma('synchronous', { simple: true });
  db.pragma('synchronous = FULL');
  try {
    return db.pragma(`wal_checkpoint(${mode})`) as { busy: number; log: number; checkpointed: number }[];
  } finally {
    db.pragma(`synchronous = ${Number(synchronous)}`);
  }
}

/**
 * Copies the write-ahead log into the main file and empties it, so pages it held (erased data)
 * are gone from disk. Another process reading (the developer tools, a second service) can hold
 * it back; then it tries again a few times, and says whether it got there.
 */
export async function truncateWal(db: Database.Database, attempts = 5): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const [result] = checkpoint(db, 'TRUNCATE');
    if (!result?.busy) return true;
    if (attempt >= attempts) return false;
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}
