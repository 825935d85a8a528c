import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { NewEvent } from '@fitness/contracts';
import type Database from 'better-sqlite3';
import {
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type EventStoreFailedError,
  type ExpectedRevision,
  InvalidPositionError,
  type StreamErasure,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.ts';
import { isInMemory, truncateWal } from './open-database.ts';
import { CHECKPOINT_WORKER, CheckpointThread } from './sqlite-event-store-checkpoints.ts';
import { DurableHead, openWriteAheadLog, type SyncFile } from './sqlite-event-store-durable-head.ts';
import {
  type AppendOutcome,
  logEnd,
  type PendingAppend,
  type PreparedAppend,
  prepareAppend,
  writeAppend,
} from './sqlite-event-store-group-commit.ts';
import { type EventLogStatements, eventLogStatements, openEventLog, toRecorded } from './sqlite-event-store-schema.ts';
import { followLog } from './sqlite-event-store-subscription.ts';

export type SqliteEventStoreOptions = {
  /** Flushes the write-ahead log to disk; `fs.fdatasync` unless a test injects a failing one. */
  syncFile?: SyncFile;
  /** The module of the thread that checkpoints the log (see CheckpointThread), unless a test gives one that fails or waits. */
  checkpointWorker?: URL;
};

/**
 * The embedded event store: one SQLite file. SQLite serialises writers, so positions are
 * committed in order and a reader that saw position N will never later find a smaller one:
 * that is what makes "catch up, then live" gap-free here. Positions are sparse (each event's
 * record size after the one before, see sqlite-event-store-schema.ts), and a read from a
 * position this store never gave out is refused, as EventStoreDB refuses one.
 *
 * Durability. A group commit is written with synchronous=OFF (a write() of the log's pages into
 * the system's cache), and `DurableHead` syncs the write-ahead log off the request thread; an
 * append resolves only once a sync that covers it succeeded. Readers (readAll, readStream,
 * subscriptions, headPosition) see only events up to the durable head, so nothing acts on an
 * event that a power cut could still take back: not the command's answer, not a subscription,
 * not `onAppend`'s listeners (the projections thread, which reads through a connection of its
 * own, `followWriter`). SQLite's automatic checkpoints are off, as with synchronous=OFF they
 * would copy the log into the main file and start it again with neither synced; a thread of the
 * store's own runs them with synchronous=FULL (`CheckpointThread`), and the store closes with it.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<() => Promise<void>>();
  private pendingAppends: PendingAppend[] = [];
  private readonly statements: EventLogStatements;
  /** The group commit's transaction, made once (making one builds four wrappers). */
  private readonly appendGroup: Database.Transaction<(group: PreparedAppend[]) => AppendOutcome[]>;
  private readonly walFd: number | null;
  private readonly durable: DurableHead;
  /** The newest position this connection committed: a head past it is another process's. */
  private committed = 0;
  /** Null for a database in memory, which has no write-ahead log. */
  private readonly checkpoints: CheckpointThread | null;
  /** Set when another store of this process writes the file and says how far it is durable. */
  private writer: { requestSync(): void; asked: number } | null = null;

  constructor(file: string, options: SqliteEventStoreOptions = {}) {
    this.db = openEventLog(file);
    this.statements = eventLogStatements(this.db);
    this.appended.setMaxListeners(0);
    this.appendGroup = this.db.transaction((group: PreparedAppend[]) => {
      const end = logEnd(this.statements);
      return group.map((append) => writeAppend(this.statements, end, append));
    });
    this.walFd = isInMemory(file) ? null : openWriteAheadLog(file);
    this.durable = new DurableHead(this.readHead(), {
      fd: this.walFd,
      sync: options.syncFile ?? fs.fdatasync,
      head: () => this.readHead(),
      onDurable: (position) => this.appended.emit('durable', position),
      onFailure: (failure) => {
        this.discardUndurable(failure);
        // Appends a checkpoint holds are refused now, not once it ends.
        this.flushAppends();
      },
    });
    this.checkpoints = isInMemory(file)
      ? null
      : new CheckpointThread({
          file,
          module: options.checkpointWorker ?? CHECKPOINT_WORKER,
          onFailure: (error) => this.durable.fail(error),
          onRelease: () => this.flushAppends(),
        });
  }

  appendToStream(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    if (this.durable.failure) return Promise.reject(this.durable.failure);
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
    if (this.durable.failure) {
      for (const append of this.pendingAppends) append.reject(this.durable.failure);
      this.pendingAppends = [];
      return;
    }
    // Queued until the checkpoint under way lets the log grow again; it flushes them then.
    if (this.checkpoints?.holdsAppends) return;
    const group: PreparedAppend[] = [];
    for (const append of this.pendingAppends) {
      try {
        group.push(prepareAppend(append));
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
    let events = 0;
    group.forEach((append, index) => {
      const outcome = outcomes[index];
      if (!outcome?.ok) {
        append.reject(outcome?.error);
        return;
      }
      const { nextExpectedRevision, position, repeated } = outcome.result;
      if (!repeated) {
        this.committed = Math.max(this.committed, position);
        events += append.rows.length;
      }
      const result = { nextExpectedRevision, position };
      // A repeat of events already durable is answered at once; anything else after its sync.
      if (position <= this.durable.position) append.resolve(result);
      else this.durable.afterCommit({ resolve: () => append.resolve(result), reject: append.reject });
    });
    // Asked at the commit, not after its sync: the checkpoint syncs the log itself before it
    // copies, and needs nothing more of this thread.
    this.checkpoints?.committed(events);
  }

  /**
   * After a failed sync: the events it did not make durable leave the log, so that a process
   * started again on this file does not find, as if accepted, events whose commands were refused.
   * Their positions are not used again (AUTOINCREMENT). If even that write fails, the refusals
   * carry its error too.
   */
  private discardUndurable(failure: EventStoreFailedError) {
    try {
      this.statements.discardAfter.run(this.durable.position);
    } catch (error) {
      failure.cause = new AggregateError([failure.cause, error], 'The refused events could not leave the log either');
    }
  }

  /**
   * Hears each sync that made new events durable, with the durable head: for readers on another
   * connection of this file in this process (the embedded server's projections thread, which
   * reads only as far as it is told: `followWriter`).
   */
  onAppend(listener: (durablePosition: number) => void): () => void {
    this.appended.on('durable', listener);
    return () => {
      this.appended.off('durable', listener);
    };
  }

  /** Where this store's readers stop: every event up to it is on disk. */
  durablePosition() {
    return this.durable.position;
  }

  /**
   * Makes this connection a reader of a file that `writer`, another store of this process,
   * appends to: it reads only as far as the writer says is durable (`appendedElsewhere`),
   * and asks it to sync (`requestSync`) when the file holds more (another process appended).
   * It never syncs on its own, so a sync failed in the writer cannot be passed by one here.
   */
  followWriter(writer: { durablePosition: number; requestSync(): void }) {
    this.writer = { requestSync: writer.requestSync, asked: 0 };
    this.durable.followFrom(writer.durablePosition);
  }

  /** The writer this store follows made the log durable up to `position` (see `onAppend`). */
  appendedElsewhere(position: number) {
    this.durable.advance(position);
  }

  /**
   * Syncs what the file holds now, if another process appended (this store's own appends are
   * synced anyway), and tells `onAppend`'s listeners.
   */
  syncAppendsElsewhere() {
    if (this.readHead() > Math.max(this.durable.position, this.committed)) this.durable.request();
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}) {
    const rows = this.statements.readStream.all(
      streamId,
      options.fromRevision ?? 0,
      options.maxCount ?? Number.MAX_SAFE_INTEGER,
    );
    // Events of this stream not durable yet: an append under way, or another process's.
    const newest = rows.at(-1)?.position ?? 0;
    if (newest > this.durable.position) await this.reach(newest);
    return rows.filter((row) => row.position <= this.durable.position).map(toRecorded);
  }

  async readAll(options: { fromPosition: number; maxCount: number }) {
    this.assertGivenOut(options.fromPosition);
    return this.readAllSync(options.fromPosition, options.maxCount);
  }

  private readAllSync(fromPosition: number, maxCount: number) {
    return this.statements.readAll.all(fromPosition, this.durable.position, maxCount).map(toRecorded);
  }

  async readAllBackwards(options: { beforePosition?: number; maxCount: number }) {
    const { beforePosition = Number.MAX_SAFE_INTEGER } = options;
    if (options.beforePosition !== undefined) this.assertGivenOut(beforePosition);
    return this.statements.readAllBackwards
      .all(beforePosition, this.durable.position, options.maxCount)
      .map(toRecorded);
  }

  async readEventAt(position: number) {
    const row = Number.isSafeInteger(position) ? this.statements.eventAt.get(position) : undefined;
    return row && row.position <= this.durable.position ? toRecorded(row) : null;
  }

  /** Refuses a position this store never gave out (0, the log's start, is always one). */
  private assertGivenOut(position: number) {
    if (position === 0) return;
    if (!Number.isSafeInteger(position) || position < 0 || !this.statements.givenOut.get({ position })) {
      throw new InvalidPositionError(position);
    }
  }

  /**
   * The newest durable position. Appends of this store under way are not waited for (none of
   * them was answered yet); another process's are synced first. Refused once a sync failed,
   * which makes the server's readiness check say so.
   */
  async headPosition() {
    if (this.durable.failure) throw this.durable.failure;
    const head = this.readHead();
    if (head > Math.max(this.durable.position, this.committed)) await this.reach(head);
    return Math.min(head, this.durable.position);
  }

  private readHead() {
    return this.statements.head.get() ?? 0;
  }

  /**
   * Waits until `position` is durable: synced by this store, or, following a writer, asked of
   * it (its answer comes through `appendedElsewhere`, not here: the caller reads what is durable).
   */
  private async reach(position: number) {
    if (!this.writer) return this.durable.reach(position);
    if (position > this.writer.asked) {
      this.writer.asked = position;
      this.writer.requestSync();
    }
  }

  /** A subscription heard of nothing new for a while: asks for a sync if the file holds more that no append of ours covers. */
  private lookForMore() {
    const head = this.readHead();
    if (head > Math.max(this.durable.position, this.committed)) void this.reach(head);
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = followLog(
      {
        assertGivenOut: (position) => this.assertGivenOut(position),
        readAfter: (position, maxCount) => this.readAllSync(position, maxCount),
        onDurable: (listener) => {
          this.appended.on('durable', listener);
          return () => this.appended.off('durable', listener);
        },
        lookForMore: () => this.lookForMore(),
      },
      options,
    );
    const stop = async () => {
      this.subscriptions.delete(stop);
      await subscription.stop();
    };
    this.subscriptions.add(stop);
    return { stop };
  }

  async listStreams(options: { prefix?: string; limit: number }) {
    const prefix = options.prefix ?? '';
    // Names sharing the prefix sort together right after it, so a range scan finds them all.
    return this.statements.listStreams
      .all({ prefix, limit: options.limit, durable: this.durable.position })
      .filter((row) => row.revision !== null && row.stream_id.startsWith(prefix))
      .map((row) => ({ streamId: row.stream_id, revision: row.revision }));
  }

  async eraseStreams(erasures: StreamErasure[]) {
    if (erasures.length === 0) return;
    if (this.durable.failure) throw this.durable.failure;
    // secure_delete overwrites the erased rows with zeros instead of leaving them in free
    // pages, and the checkpoint moves that into the main file and empties the WAL, so the
    // erased data is not left on disk either. Only erasures pay for it, once per call.
    this.db.pragma('secure_delete = ON');
    try {
      // A stream's revision is its last event's: one left empty is gone, one left with
      // events keeps its revision. The erased events' positions stay readable from.
      const { keepErased, erase } = this.statements;
      this.db.transaction(() => {
        for (const { streamId, throughRevision } of erasures) {
          keepErased.run(streamId, throughRevision);
          erase.run(streamId, throughRevision);
        }
      })();
    } finally {
      this.db.pragma('secure_delete = OFF');
    }
    // Durable before it is answered, even if a reader holds the checkpoint back.
    await this.durable.nextRound();
    if (this.durable.failure) throw this.durable.failure;
    await truncateWal(this.db);
  }

  async close() {
    await Promise.all([...this.subscriptions].map((stop) => stop()));
    await this.checkpoints?.close();
    this.flushAppends();
    await this.durable.settled();
    // The last connection to close copies the log into the main file and deletes it: synced.
    this.db.pragma('synchronous = FULL');
    this.db.close();
    if (this.walFd !== null) fs.closeSync(this.walFd);
  }
}
