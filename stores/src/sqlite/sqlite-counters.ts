import type Database from 'better-sqlite3';
import type { Count, CounterStore, HitOptions } from '../counters.ts';
import { openDatabase } from './open-database.ts';

const SCHEMA =
  'CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, reset_at INTEGER NOT NULL)';

/**
 * One statement per hit: a lapsed row starts again at 1, a live one counts on, and the window
 * moves only when it lapsed or the caller slides it. SQLite runs the statement as one write
 * transaction, so hits from several processes on the file never lose a count.
 */
const HIT = `
INSERT INTO counters (key, count, reset_at) VALUES (@key, 1, @resetAt)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN counters.reset_at <= @now THEN 1 ELSE counters.count + 1 END,
  reset_at = CASE WHEN counters.reset_at <= @now OR @slide THEN @resetAt ELSE counters.reset_at END
RETURNING count, reset_at AS resetAt`;

/** How often lapsed rows are deleted, at most (on the back of a hit). */
const SWEEP_EVERY_MS = 60_000;

/**
 * The counters of the embedded server and of the distributed deployment on SQLite: a table in a
 * file of its own (counters.sqlite in DATA_DIR), so counting a sign-in never waits for the
 * projections' writes to the read store's file. Lapsed rows are ignored when read and deleted
 * once a minute by whichever process hits next. Counts need not survive a power cut, so the file
 * is synced like the read store's.
 */
export class SqliteCounterStore implements CounterStore {
  private readonly db: Database.Database;
  private readonly hitStatement: Database.Statement;
  private readonly getStatement: Database.Statement;
  private readonly resetStatement: Database.Statement;
  private readonly sweepStatement: Database.Statement;
  private sweptAt = 0;

  /** `file` may be ':memory:' for counters this process keeps to itself (tests, the tools). */
  constructor(file: string) {
    this.db = openDatabase(file, 'NORMAL', { cacheKb: 512 });
    // The keys name clients and accounts (addresses, emails): a swept row is zeroed, not left
    // in the file's free pages.
    this.db.pragma('secure_delete = ON');
    this.db.exec(SCHEMA);
    this.hitStatement = this.db.prepare(HIT);
    this.getStatement = this.db.prepare(
      'SELECT count, reset_at AS resetAt FROM counters WHERE key = ? AND reset_at > ?',
    );
    this.resetStatement = this.db.prepare('DELETE FROM counters WHERE key = ?');
    this.sweepStatement = this.db.prepare('DELETE FROM counters WHERE reset_at <= ?');
  }

  async hit(key: string, windowMs: number, options: HitOptions = {}): Promise<Count> {
    const now = options.now?.getTime() ?? Date.now();
    const count = this.hitStatement.get({ key, now, resetAt: now + windowMs, slide: options.slide ? 1 : 0 }) as Count;
    if (now - this.sweptAt > SWEEP_EVERY_MS) await this.sweep(new Date(now));
    return count;
  }

  async get(key: string, now = new Date()): Promise<Count | null> {
    return (this.getStatement.get(key, now.getTime()) as Count | undefined) ?? null;
  }

  async reset(key: string) {
    this.resetStatement.run(key);
  }

  async sweep(now = new Date()) {
    this.sweptAt = now.getTime();
    return this.sweepStatement.run(now.getTime()).changes;
  }

  async close() {
    this.db.close();
  }
}
