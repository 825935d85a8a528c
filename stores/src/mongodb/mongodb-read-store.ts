import type { ChangeNotice } from '@fitness/contracts';
import type { ClientSession, Collection, Db, MongoClient } from 'mongodb';
import { type LeaseFence, LeaseLostError } from '../lease.ts';
import {
  CHANGE_FEED_RETENTION,
  type CollectionDefinition,
  type CommitBatch,
  type Document,
  type FeedEntry,
  type FindOptions,
  POSITION_FIELD,
  type ReadStore,
  type Where,
} from '../read-store.ts';
import { type ChangeDocument, followChangeStream } from './change-stream-follower.ts';
import { connectMongoClient } from './mongo-client.ts';
import { createCollection, createIndexes } from './mongodb-collections.ts';
import {
  CHANGES,
  CHECKPOINTS,
  COUNTERS,
  collectionName,
  fieldName,
  fromStored,
  RESERVED,
  type StoredDocument,
  toFilter,
  toOperations,
} from './mongodb-documents.ts';
import { LEASES, type LeaseDocument } from './mongodb-lease.ts';
import {
  builtVersion,
  type CheckpointDocument,
  checkpointMove,
  type ResetStep,
  resetSteps,
  unfinishedReset,
} from './mongodb-reset.ts';

type CounterDocument = { _id: string; sequence: number };

/**
 * The distributed read store: each collection is a MongoDB collection whose `_id` is the
 * document id (callers only ever see `id`), with `_position` stored as a plain field.
 *
 * `commit` and `reset` run in multi-document transactions, so MongoDB must be a replica set
 * (a single-node one is enough: `--replSet rs0` then `rs.initiate()`); a standalone server
 * rejects them. The transaction makes a batch all or nothing; the `_position` guard on every
 * write makes re-applying a batch after a crash harmless as well.
 */
export class MongoReadStore implements ReadStore {
  /** A patch is one update of the stored document in place (see patchOperation). */
  readonly changesInPlace = true;
  private readonly client: MongoClient;
  private readonly db: Db;
  /** Each collection ensured, with its indexes: a reset creates it again as it was. */
  private readonly indexes = new Map<string, string[][]>();

  private constructor(client: MongoClient, db: Db) {
    this.client = client;
    this.db = db;
  }

  /** Connects first, so a wrong URL or an unreachable server fails at startup, not on a request. */
  static async connect(url: string, databaseName: string): Promise<MongoReadStore> {
    const client = await connectMongoClient(url);
    return new MongoReadStore(client, client.db(databaseName));
  }

  async ensureCollections(definitions: CollectionDefinition[]) {
    const existing = new Set(
      (await this.db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name),
    );
    // Created up front rather than implicitly by the first write, which inside a transaction
    // would make two projections starting together conflict.
    for (const name of [...RESERVED, ...definitions.map((definition) => collectionName(definition.name))]) {
      if (!existing.has(name)) await createCollection(this.db, name);
    }
    for (const definition of definitions) {
      const collection = this.collection(definition.name);
      await createIndexes(collection, definition.indexes);
      this.indexes.set(definition.name, definition.indexes);
    }
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const stored = await this.collection(collection).findOne({ _id: { $eq: id } });
    return stored ? fromStored<T>(stored) : null;
  }

  async find<T extends Document>(collection: string, options: FindOptions = {}): Promise<T[]> {
    return (await this.findStored(collection, options)).map(fromStored<T>);
  }

  async findJson(collection: string, options: FindOptions & { omit?: string[] } = {}): Promise<string[]> {
    // The server leaves the fields out; each document is then written out once.
    const projection = Object.fromEntries(
      [POSITION_FIELD, ...(options.omit ?? [])].map((field) => [fieldName(field), 0 as const]),
    );
    return (await this.findStored(collection, options, projection)).map((stored) => JSON.stringify(fromStored(stored)));
  }

  private async findStored(collection: string, options: FindOptions, projection?: Record<string, 0>) {
    // MongoDB reads a limit of 0 as "no limit"; the port means "nothing".
    if (options.limit === 0) return [];
    // Then by _id, so equal sort keys still come back in a stable order for paging; in the last
    // key's direction, as the SQLite store does (there one index then serves the whole order).
    const sort = new Map<string, 1 | -1>();
    for (const { field, direction } of options.orderBy ?? []) sort.set(fieldName(field), direction === 'desc' ? -1 : 1);
    if (!sort.has('_id')) sort.set('_id', options.orderBy?.at(-1)?.direction === 'desc' ? -1 : 1);
    const filter = toFilter(options.where);
    if (options.afterId !== undefined) filter._id = { $gt: options.afterId };
    return this.collection(collection)
      .find(filter, { sort, skip: options.offset ?? 0, limit: options.limit ?? 0, projection })
      .toArray();
  }

  async count(collection: string, where?: Where) {
    return this.collection(collection).countDocuments(toFilter(where));
  }

  async commit({ checkpoints, writes, notices, fence }: CommitBatch) {
    // Built, and so validated, before the transaction starts: a bad write rejects the whole
    // batch with nothing sent.
    const operations = toOperations(writes);
    await this.inTransaction(async (session) => {
      await this.checkFence(fence, session);
      for (const [collection, batch] of operations) {
        await this.collection(collection).bulkWrite(batch, { session, ordered: true });
      }
      const moves = Object.entries(checkpoints).map(([projection, position]) => checkpointMove(projection, position));
      if (moves.length > 0) {
        await this.checkpointCollection()
          .bulkWrite(moves, { session, ordered: true })
          .catch((error) => {
            throw unfinishedReset(error, Object.keys(checkpoints));
          });
      }
      await this.appendChanges(notices, session);
    });
  }

  /**
   * Inside the commit's transaction: takes the next sequences from the counter document, then
   * inserts the notices and prunes down to the retention. Every commit with notices writes that
   * one counter document, so two concurrent commits conflict and the driver retries the later
   * one: sequences are handed out, and become visible, in commit order, which is what lets a
   * reader tail the feed with `_id > last seen` and never skip a late-committing entry.
   */
  private async appendChanges(notices: ChangeNotice[], session: ClientSession) {
    if (notices.length === 0) return;
    const counter = await this.db
      .collection<CounterDocument>(COUNTERS)
      .findOneAndUpdate(
        { _id: CHANGES },
        { $inc: { sequence: notices.length } },
        { upsert: true, returnDocument: 'after', session },
      );
    // An upsert returning the document after the update always finds one; the driver's type allows null.
    if (!counter) throw new Error('The change feed counter was not returned by its upsert');
    const last = counter.sequence;
    const first = last - notices.length + 1;
    await this.changeCollection().insertMany(
      notices.map((notice, index) => ({ _id: first + index, notice })),
      { session },
    );
    await this.changeCollection().deleteMany({ _id: { $lte: last - CHANGE_FEED_RETENTION } }, { session });
  }

  async changesAfter(sequence: number, limit: number): Promise<FeedEntry[]> {
    if (limit === 0) return [];
    const entries = await this.changeCollection()
      .find({ _id: { $gt: sequence } }, { sort: { _id: 1 }, limit })
      .toArray();
    return entries.map((entry) => ({ sequence: entry._id, notice: entry.notice }));
  }

  /**
   * Pushes the feed's entries as they commit, by a change stream on the feed collection (see
   * change-stream-follower.ts); null on a standalone server, which has none (nor transactions,
   * so only a read-only service could run on one): the reader polls `changesAfter` then.
   */
  async followChanges(listener: (entry: FeedEntry) => void, options: { onError(error: unknown): void }) {
    return followChangeStream(this.changeCollection(), listener, options.onError);
  }

  async latestChangeSequence() {
    return (await this.db.collection<CounterDocument>(COUNTERS).findOne({ _id: CHANGES }))?.sequence ?? 0;
  }

  async checkpoint(projection: string) {
    return (await this.checkpointCollection().findOne({ _id: projection }))?.position ?? 0;
  }

  async checkpoints() {
    const all = await this.checkpointCollection().find().toArray();
    return Object.fromEntries(all.map((checkpoint) => [checkpoint._id, checkpoint.position]));
  }

  /**
   * In steps (see mongodb-reset.ts): the checkpoint to 0 with a marker in a transaction, the
   * collections dropped and created again outside it, the marker removed. Deleting the
   * documents inside the transaction instead ran past its time limit on a large collection.
   * Under a fence, the marker and its removal commit only while the lease is held. The drops
   * between them cannot be fenced: they follow the fenced mark at once, and a next holder
   * (which can take the lease only once it expired) resets the marked projection again before
   * writing to it, so a late drop of the old holder's would have to reach the server more
   * than a lease's time after its mark to drop the next holder's work.
   */
  async reset(projection: string, collections: string[], version: number, fence?: LeaseFence) {
    const steps = resetSteps(collections, (name) => {
      const indexes = this.indexes.get(name);
      if (!indexes) throw new Error(`Unknown collection: ${name}`);
      return indexes;
    });
    for (const step of steps) await this.resetStep(projection, version, step, fence);
  }

  private async resetStep(projection: string, version: number, step: ResetStep, fence?: LeaseFence) {
    switch (step.step) {
      case 'mark':
        return this.inTransaction(async (session) => {
          await this.checkFence(fence, session);
          await this.checkpointCollection().replaceOne(
            { _id: projection },
            { position: 0, version, resetting: step.marker },
            { upsert: true, session },
          );
        });
      case 'drop':
        // A collection already dropped (a reset done again) is no error: the driver answers false.
        await this.db.dropCollection(step.collection);
        return;
      case 'create':
        await createCollection(this.db, step.collection);
        await createIndexes(this.db.collection(step.collection), step.indexes);
        return;
      case 'unmark':
        return this.inTransaction(async (session) => {
          await this.checkFence(fence, session);
          await this.checkpointCollection().updateOne(
            { _id: projection, 'resetting.id': step.marker.id },
            { $unset: { resetting: '' } },
            { session },
          );
        });
      default:
        return step satisfies never;
    }
  }

  /**
   * Inside the transaction, first. A write, not a read: a takeover's update of the lease
   * document then conflicts with this transaction (a read alone would not, under snapshot
   * isolation), and whichever loses is retried and sees the other's outcome, so a stale
   * holder's writes are never committed. `commits` counts the fenced transactions.
   */
  private async checkFence(fence: LeaseFence | undefined, session: ClientSession) {
    if (!fence) return;
    const fenced = await this.db
      .collection<LeaseDocument>(LEASES)
      .updateOne({ _id: fence.lease, holder: fence.holder, term: fence.term }, { $inc: { commits: 1 } }, { session });
    if (fenced.matchedCount !== 1) throw new LeaseLostError(fence);
  }

  /** 0 while a reset has not finished, so that the runner's next start resets it again. */
  async projectionVersion(projection: string) {
    return builtVersion(await this.checkpointCollection().findOne({ _id: projection }));
  }

  async close() {
    await this.client.close();
  }

  /**
   * The driver retries the callback on transient transaction errors, so it must only await its
   * operations and let every error through (a caught error would leave it guessing whether the
   * server aborted the transaction).
   */
  private async inTransaction(work: (session: ClientSession) => Promise<void>) {
    await this.client.withSession((session) => session.withTransaction(() => work(session)));
  }

  private collection(name: string): Collection<StoredDocument> {
    return this.db.collection(collectionName(name));
  }

  private checkpointCollection() {
    return this.db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  private changeCollection() {
    return this.db.collection<ChangeDocument>(CHANGES);
  }
}
