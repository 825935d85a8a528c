import type Database from 'better-sqlite3';
import type { Lease, LeaseFence, LeaseOptions } from '../lease.ts';
import { openDatabase } from './open-database.ts';

/**
 * One row per lease. `term` grows by one each time the lease changes hands (or is taken again
 * after it expired), so a holder that lost it cannot pass for its successor; `expires_at` is in
 * milliseconds since the epoch, by the holders' clock (processes sharing a file share a machine).
 */
const SCHEMA = `CREATE TABLE IF NOT EXISTS leases (
  name TEXT PRIMARY KEY, holder TEXT NOT NULL, term INTEGER NOT NULL, expires_at INTEGER NOT NULL
)`;

/**
 * What the read store's commit runs inside its own (immediate) transaction when the batch
 * carries a fence: a row back means the lease is still this holder's, in this term.
 */
export const SQLITE_FENCE_QUERY = 'SELECT 1 AS held FROM leases WHERE name = ? AND holder = ? AND term = ?';

type LeaseRow = { holder: string; term: number; expires_at: number };

/**
 * The lease on SQLite: a table in the read store's file (the writes it guards are there, so
 * the read store's commit checks the fence in the same transaction). Taking it runs in an
 * IMMEDIATE transaction, so two processes deciding at once are serialised by SQLite's single
 * writer: the second sees the first's row.
 */
export class SqliteLease implements Lease {
  readonly name: string;
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly clock: () => Date;
  private readonly db: Database.Database;

  constructor(file: string, options: LeaseOptions) {
    this.name = options.name;
    this.holder = options.holder;
    this.ttlMs = options.ttlMs;
    this.clock = options.clock ?? (() => new Date());
    // Its own connection: the lease is renewed between the read store's commits, never inside
    // one. FULL: a takeover must not be undone by a power cut.
    this.db = openDatabase(file, 'FULL', { cacheKb: 256 });
    this.db.exec(SCHEMA);
  }

  async acquire(): Promise<LeaseFence | null> {
    const now = this.clock().getTime();
    // Most attempts are a standby finding the lease held: a plain read answers them without
    // taking the write lock the holder's commits need.
    const seen = this.row();
    if (seen && seen.holder !== this.holder && seen.expires_at > now) return null;
    const take = this.db.transaction((): LeaseFence | null => {
      const row = this.row();
      const expiresAt = now + this.ttlMs;
      if (!row) {
        this.db
          .prepare('INSERT INTO leases (name, holder, term, expires_at) VALUES (?, ?, 1, ?)')
          .run(this.name, this.holder, expiresAt);
        return this.fence(1);
      }
      if (row.holder === this.holder) {
        this.db.prepare('UPDATE leases SET expires_at = ? WHERE name = ?').run(expiresAt, this.name);
        return this.fence(row.term);
      }
      if (row.expires_at > now) return null;
      this.db
        .prepare('UPDATE leases SET holder = ?, term = ?, expires_at = ? WHERE name = ?')
        .run(this.holder, row.term + 1, expiresAt, this.name);
      return this.fence(row.term + 1);
    });
    return take.immediate();
  }

  async renew(fence: LeaseFence): Promise<boolean> {
    const renewed = this.db
      .prepare('UPDATE leases SET expires_at = ? WHERE name = ? AND holder = ? AND term = ?')
      .run(this.clock().getTime() + this.ttlMs, fence.lease, fence.holder, fence.term);
    return renewed.changes === 1;
  }

  async release(fence: LeaseFence) {
    this.db
      .prepare('UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ? AND term = ?')
      .run(fence.lease, fence.holder, fence.term);
  }

  async close() {
    this.db.close();
  }

  private row() {
    return this.db.prepare('SELECT holder, term, expires_at FROM leases WHERE name = ?').get(this.name) as
      | LeaseRow
      | undefined;
  }

  private fence(term: number): LeaseFence {
    return { lease: this.name, holder: this.holder, term };
  }
}
