import type { ChangeNotice, DocumentChange } from '@fitness/contracts';
import type { LeaseFence } from './lease.ts';

/**
 * The read store port: document collections that projections write and queries read.
 * Two adapters: SQLite (embedded) and MongoDB (distributed); both pass
 * `contract/read-store.contract.ts`. Only the operations projections and queries use.
 */

export type Document = { id: string } & Record<string, unknown>;

/** A collection and the fields its queries filter or sort on (each entry: one compound index). */
export type CollectionDefinition = { name: string; indexes: string[][] };

/** Equality on top-level fields. */
export type Where = Record<string, string | number | boolean | null>;

export type FindOptions = {
  where?: Where;
  /** Equal keys come back by id, in the last key's direction (ascending when there is none). */
  orderBy?: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  offset?: number;
  /**
   * Only documents whose id sorts after this one: a read in id order goes on from the last id of
   * its page, and a document written or deleted meanwhile moves no other into or out of a page.
   */
  afterId?: string;
};

/**
 * One batch of the projections runner: every projection's writes, their new checkpoints and the
 * change notices, committed all or nothing.
 */
export type CommitBatch = {
  /** Each projection's new checkpoint; a checkpoint never moves back. */
  checkpoints: Record<string, number>;
  writes: DocumentWrite[];
  notices: ChangeNotice[];
  /**
   * The batch removes a deleted account's documents: the adapter also sees to it that what it
   * deleted is not left behind on disk (SQLite zeroes it and empties its write-ahead log;
   * MongoDB's storage engine needs nothing more than the delete).
   */
  erasing?: boolean;
  /**
   * Commit only while this lease is held by this holder in this term, checked inside the
   * commit's transaction; otherwise nothing is written and the commit throws LeaseLostError.
   * The projections process passes it; the embedded server (the sole writer) does not.
   */
  fence?: LeaseFence;
};

/**
 * Upserted documents carry their `_position`; a delete names the position of the deleting event.
 * A patch changes a stored document in place (its `changes`, worked out against the document as
 * the store holds it) and moves it to `document`'s position; `document` is what it then holds,
 * for an adapter to write whole where it cannot say a step in place (a field name its paths
 * cannot spell).
 */
export type DocumentWrite =
  | { collection: string; op: 'upsert'; document: Document }
  | { collection: string; op: 'patch'; id: string; changes: DocumentChange[]; document: Document }
  | { collection: string; op: 'delete'; id: string; position: number };

/** The id of the document a write changes. */
export const writtenId = (write: DocumentWrite) => (write.op === 'delete' ? write.id : write.document.id);

export interface ReadStore {
  /**
   * Whether patches are applied in place (MongoDB: $set, $push... on the stored document). Where
   * not (SQLite rewrites a row whole anyway), the runner writes documents whole and works out a
   * change only for what it pushes.
   */
  readonly changesInPlace: boolean;
  /** Creates the collections and their indexes if missing. Idempotent. */
  ensureCollections(definitions: CollectionDefinition[]): Promise<void>;
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
  find<T extends Document>(collection: string, options?: FindOptions): Promise<T[]>;
  /**
   * The documents `find` finds, each as its JSON text without `_position` and without the
   * top-level fields in `omit`: for a read that answers with the documents as they are stored,
   * which then need not be parsed and written out again.
   */
  findJson(collection: string, options?: FindOptions & { omit?: string[] }): Promise<string[]>;
  count(collection: string, where?: Where): Promise<number>;
  /**
   * Optional: `get` and `find` as the store's writer sees them, for the reads a projection folds
   * its next batch with. Where the store keeps request reads on a connection (and cache) of
   * their own (SQLite), a catch-up's reads then neither evict the pages users' reads keep using
   * nor fill a cache sized for them. The answers are the same as `get`'s and `find`'s.
   */
  writerReads?(): Pick<ReadStore, 'get' | 'find'>;
  /**
   * Applies a batch's writes, moves each named projection's checkpoint and appends the batch's
   * change notices to the change feed, all or nothing. A write is skipped when its document
   * already reflects a later position (`_position`), so re-applying a batch after a crash is
   * harmless; a batch that did not commit left no notices, so none is lost or doubled either.
   */
  commit(batch: CommitBatch): Promise<void>;
  /**
   * The change feed (an outbox): notices committed after `sequence`, oldest first, at most
   * `limit`. Sequences increase by one per notice in commit order, so a reader that sees a
   * gap knows entries were pruned before it read them. Only the newest CHANGE_FEED_RETENTION
   * entries are kept.
   */
  changesAfter(sequence: number, limit: number): Promise<FeedEntry[]>;
  /** The sequence of the newest notice in the feed; 0 when none was ever committed. */
  latestChangeSequence(): Promise<number>;
  /**
   * Optional, where the store can push: hands `listener` each entry of the change feed as it is
   * committed, in commit order, from now on (MongoDB: a change stream on the feed, resumed from
   * its token after a transient error). An entry may come twice or, after a long outage, be
   * missing; a reader compares sequences and reads gaps with `changesAfter`. Resolves with null
   * where the server cannot push (a standalone MongoDB server has no change streams): tail the
   * feed with `changesAfter` then.
   */
  followChanges?(
    listener: (entry: FeedEntry) => void,
    options: { onError(error: unknown): void },
  ): Promise<ChangeFollowing | null>;
  /**
   * Optional: calls `listener` soon after any connection, in any process, may have committed
   * (SQLite: the database's write-ahead log changed). A hint to read the feed at once rather than
   * at the next poll, never a promise: a reader still polls, less often. Returns the unsubscribe.
   */
  watchCommits?(listener: () => void): () => void;
  /** The position a projection has processed up to; 0 when it never ran. */
  checkpoint(projection: string): Promise<number>;
  /** All checkpoints, for read-your-writes and the developer tools. */
  checkpoints(): Promise<Record<string, number>>;
  /**
   * Drops the collections' documents and the projection's checkpoint, for a rebuild, and
   * records the version of the projection that will build them again, all or nothing as a
   * reader sees it: a reset that did not finish (MongoDB drops the collections outside its
   * transaction) leaves the checkpoint at 0 and the version at 0, so the next start resets
   * again, and its commits are refused meanwhile. Under a fence (see CommitBatch), only while
   * the lease is still held. Only collections the store was told about (ensureCollections).
   */
  reset(projection: string, collections: string[], version: number, fence?: LeaseFence): Promise<void>;
  /** The version recorded by the projection's last finished reset; 0 when it never had one. */
  projectionVersion(projection: string): Promise<number>;
  close(): Promise<void>;
}

/** A running `followChanges`. */
export type ChangeFollowing = { close(): Promise<void> };

/** A change notice as the feed holds it: its place in commit order, and the notice. */
export type FeedEntry = { sequence: number; notice: ChangeNotice };

/** The field a document carries so re-applying an older event is recognised and skipped. */
export const POSITION_FIELD = '_position';

/**
 * How many notices the change feed keeps; each commit prunes older ones. Readers tail the feed
 * every few tens of milliseconds and need only the last moments of it, so a count (rather than
 * an age) bounds the table whatever the write rate, including a rebuild's burst; a reader that
 * still falls this far behind sees the gap, and clients refetch what they show when they
 * reconnect anyway.
 */
export const CHANGE_FEED_RETENTION = 10_000;
