import fs from 'node:fs';
import path from 'node:path';
import { EventStoreFailedError } from '../event-store.ts';

/** Flushes a file's written data to disk, as `fs.fdatasync` does (a test injects a failing one). */
export type SyncFile = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => void;

type Settle = { resolve: () => void; reject: (error: Error) => void };

/**
 * How far a SQLite log is on disk, for a writer that commits with synchronous=OFF: a commit is
 * then a write() of the write-ahead log's pages into the system's cache, and this syncs that log
 * to disk off the request thread (`fs.fdatasync` runs on libuv's thread pool). One sync is in
 * flight at a time; commits made meanwhile wait for the next, which covers them all at once.
 * A sync covers every commit made before it started, by any connection or process (it flushes
 * the file, whoever wrote it), so when it succeeds the log's head read at its start is durable:
 * `position`, the bound of every reader, moves there, and the appends it covered resolve.
 *
 * A failed sync is final. Linux marks the pages it could not write clean and reports the error
 * once, so a sync tried again "succeeds" without writing them: nothing can prove those commits
 * are on disk any more (PostgreSQL's fsync failure of 2018, after which it stops at such an
 * error). A later sync that succeeds would also move `position` past the refused commits, and
 * readers would act on events whose commands were refused. So every append the sync covered, or
 * that waits for one, is refused, no sync runs again, and `onFailure` is told: the store refuses
 * appends from then on and the process must be restarted.
 */
export class DurableHead {
  private durable: number;
  private syncing = false;
  private again = false;
  private waiting: Settle[] = [];
  private nextSync: (() => void)[] = [];
  private idle: (() => void)[] = [];
  private failed: EventStoreFailedError | null = null;
  private readonly options: {
    /** The write-ahead log's descriptor; null for a database in memory, which has nothing to sync. */
    fd: number | null;
    sync: SyncFile;
    /** The newest position committed to the file, by anyone. */
    head: () => number;
    onDurable: (position: number) => void;
    onFailure: (error: EventStoreFailedError) => void;
  };

  constructor(position: number, options: DurableHead['options']) {
    this.durable = position;
    this.options = options;
  }

  /** Everything at or before this position is on disk. */
  get position() {
    return this.durable;
  }

  /** Why the log refuses appends, once a sync failed; null before. */
  get failure() {
    return this.failed;
  }

  /** Settles `append` once a sync that started after its commit succeeded (or failed). */
  afterCommit(append: Settle) {
    if (this.failed) return append.reject(this.failed);
    this.waiting.push(append);
    this.request();
  }

  /**
   * Where a reader that follows a writer of this process starts: the writer's durable head, even
   * below what this connection's own opening sync covered, as what the writer refused counts
   * as never written.
   */
  followFrom(position: number) {
    this.durable = position;
  }

  /** Moves the durable head on without a sync of its own: a writer elsewhere in this process synced it. */
  advance(position: number) {
    if (position <= this.durable) return;
    this.durable = position;
    this.options.onDurable(position);
  }

  /** Syncs what the file holds now: another process's appends, which no append of ours covers. */
  request() {
    if (this.failed) return;
    if (this.syncing) this.again = true;
    else this.start();
  }

  /** Resolves once `position` is durable, or the log failed (the caller reads `position` again). */
  async reach(position: number) {
    while (this.durable < position && !this.failed) await this.nextRound();
  }

  /** Resolves once a sync that starts after this call has ended (or the log failed). */
  nextRound() {
    return new Promise<void>((resolve) => {
      if (this.failed) return resolve();
      this.nextSync.push(resolve);
      this.request();
    });
  }

  /** Resolves once no sync is in flight or due. */
  settled() {
    if (!this.syncing) return Promise.resolve();
    return new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Ends the log's appends for good: after a failed sync, or a failed checkpoint. */
  fail(error: unknown) {
    const first = this.failed === null;
    this.failed ??= new EventStoreFailedError(error);
    // The store takes the refused events out of the log before anyone hears of the refusal.
    if (first) this.options.onFailure(this.failed);
    const refused = this.waiting;
    this.waiting = [];
    for (const append of refused) append.reject(this.failed);
    this.wakeReaders();
  }

  private start() {
    this.syncing = true;
    this.again = false;
    const target = this.options.head();
    const covered = this.waiting;
    this.waiting = [];
    const readers = this.nextSync;
    this.nextSync = [];
    const done = (error: NodeJS.ErrnoException | null) => {
      this.syncing = false;
      if (error || this.failed) {
        // Failed meanwhile (a checkpoint), this sync proves nothing either.
        this.waiting = [...covered, ...this.waiting];
        this.nextSync = [...readers, ...this.nextSync];
        this.fail(error ?? this.failed);
      } else {
        for (const append of covered) append.resolve();
        for (const resolve of readers) resolve();
        if (this.again || this.waiting.length > 0 || this.nextSync.length > 0) this.start();
        this.advance(target);
      }
      if (!this.syncing) this.wakeIdle();
    };
    if (this.options.fd === null) setImmediate(done, null);
    else this.options.sync(this.options.fd, done);
  }

  private wakeReaders() {
    const readers = this.nextSync;
    this.nextSync = [];
    for (const resolve of readers) resolve();
  }

  private wakeIdle() {
    const idle = this.idle;
    this.idle = [];
    for (const resolve of idle) resolve();
  }
}

/**
 * Opens the write-ahead log of `file` to sync it, and syncs it and its folder once now: a
 * process that stopped between a commit and its sync left that commit in the system's cache
 * only, and the log's name in its folder is on disk only once the folder is synced (SQLite
 * syncs it itself only at its own syncs, which synchronous=OFF turns off).
 */
export function openWriteAheadLog(file: string): number {
  const fd = fs.openSync(`${file}-wal`, 'r');
  fs.fdatasyncSync(fd);
  const folder = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(folder);
  } finally {
    fs.closeSync(folder);
  }
  return fd;
}
