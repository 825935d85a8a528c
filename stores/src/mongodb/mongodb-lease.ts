import { type Collection, type MongoClient, MongoServerError } from 'mongodb';
import type { Lease, LeaseFence, LeaseOptions } from '../lease.ts';
import { connectMongoClient } from './mongo-client.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/** `{ _id: name, holder, term, expiresAt, commits }`; `commits` counts the fenced commits of the read store. */
export type LeaseDocument = { _id: string; holder: string; term: number; expiresAt: Date; commits?: number };

/** The collection, in the read store's database, that holds one document per lease. */
export const LEASES = 'leases';

/**
 * The lease on MongoDB: a document in the read store's database. Taking it is one
 * findOneAndUpdate whose filter matches only a lease that is expired or already this holder's,
 * with upsert: when another holds it, the filter misses and the upsert's insert meets the
 * existing `_id`, a duplicate key, which means exactly "someone else holds it". Expiries come
 * from the injected clock: hosts whose clocks disagree may take over a little early or late,
 * but never both write, as the read store's commit checks the fence.
 */
export class MongoLease implements Lease {
  readonly name: string;
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly clock: () => Date;
  private readonly client: MongoClient;
  private readonly leases: Collection<LeaseDocument>;

  private constructor(client: MongoClient, databaseName: string, options: LeaseOptions) {
    this.client = client;
    this.leases = client.db(databaseName).collection<LeaseDocument>(LEASES);
    this.name = options.name;
    this.holder = options.holder;
    this.ttlMs = options.ttlMs;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Its own client, so the lease is renewed on time even while the read store's pool is busy. */
  static async connect(url: string, databaseName: string, options: LeaseOptions): Promise<MongoLease> {
    const client = await connectMongoClient(url);
    return new MongoLease(client, databaseName, options);
  }

  async acquire(): Promise<LeaseFence | null> {
    const now = this.clock();
    try {
      const taken = await this.leases.findOneAndUpdate(
        { _id: this.name, $or: [{ holder: this.holder }, { expiresAt: { $lte: now } }] },
        // A pipeline, so the term can depend on who held it: the same holder keeps its term,
        // anyone else (or a first holder, on the upsert's empty document) starts the next one.
        [
          {
            $set: {
              term: {
                $cond: [
                  { $eq: ['$holder', { $literal: this.holder }] },
                  '$term',
                  { $add: [{ $ifNull: ['$term', 0] }, 1] },
                ],
              },
              holder: { $literal: this.holder },
              expiresAt: new Date(now.getTime() + this.ttlMs),
            },
          },
        ],
        { upsert: true, returnDocument: 'after' },
      );
      return taken ? { lease: this.name, holder: this.holder, term: taken.term } : null;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === MONGO_ERRORS.duplicateKey) return null;
      throw error;
    }
  }

  async renew(fence: LeaseFence): Promise<boolean> {
    const renewed = await this.leases.updateOne(
      { _id: fence.lease, holder: fence.holder, term: fence.term },
      { $set: { expiresAt: new Date(this.clock().getTime() + this.ttlMs) } },
    );
    return renewed.matchedCount === 1;
  }

  async release(fence: LeaseFence) {
    await this.leases.updateOne(
      { _id: fence.lease, holder: fence.holder, term: fence.term },
      { $set: { expiresAt: new Date(0) } },
    );
  }

  async close() {
    await this.client.close();
  }
}
