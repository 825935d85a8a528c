import { type Collection, type MongoClient, MongoServerError } from 'mongodb';
import type { Count, CounterStore, HitOptions } from '../counters.ts';
import { connectMongoClient } from './mongo-client.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/** `expiresAt` is on the server's clock, for the TTL index; `resetAt` on the caller's (see hitUpdate). */
type CounterDocument = { _id: string; count: number; resetAt: Date; expiresAt: Date };

/**
 * Beside the read store's own collections; not `counters`, which the read store keeps its change
 * feed's sequence in.
 */
const COLLECTION = 'limit_counters';

/** The TTL index: the server's monitor removes a document once its `expiresAt` has passed. */
const EXPIRY_INDEX = { key: { expiresAt: 1 }, expireAfterSeconds: 0 } as const;

/**
 * The counters of the distributed deployment on MongoDB: a `limit_counters` collection in the
 * read store's database, one document per key. A hit is one findOneAndUpdate with an upsert. Its
 * update is a pipeline rather than a plain `$inc` so that a lapsed document, which the TTL
 * monitor (it runs once a minute) may not have removed yet, starts again at 1 in the same
 * atomic step; the TTL index on `expiresAt` removes lapsed documents.
 */
export class MongoCounterStore implements CounterStore {
  private readonly client: MongoClient;
  private readonly counters: Collection<CounterDocument>;

  private constructor(client: MongoClient, counters: Collection<CounterDocument>) {
    this.client = client;
    this.counters = counters;
  }

  static async connect(url: string, databaseName: string, collectionName = COLLECTION): Promise<MongoCounterStore> {
    const client = await connectMongoClient(url);
    const counters = client.db(databaseName).collection<CounterDocument>(collectionName);
    // Same keys and options each time: creating it again is a no-op. First, as it creates the
    // collection, whose indexes can then be listed (listing a missing one fails, NamespaceNotFound).
    await counters.createIndex(EXPIRY_INDEX.key, { expireAfterSeconds: EXPIRY_INDEX.expireAfterSeconds });
    for (const name of staleExpiryIndexes(await counters.indexes())) await counters.dropIndex(name);
    return new MongoCounterStore(client, counters);
  }

  async hit(key: string, windowMs: number, options: HitOptions = {}): Promise<Count> {
    const update = hitUpdate(options.now ?? new Date(), windowMs, options.slide ?? false);
    for (let attempt = 1; ; attempt++) {
      try {
        const after = await this.counters.findOneAndUpdate({ _id: key }, update, {
          upsert: true,
          returnDocument: 'after',
        });
        if (!after) throw new Error(`counter ${key} was not written`);
        return { count: after.count, resetAt: after.resetAt.getTime() };
      } catch (error) {
        // The loser of a race to insert the first hit counts on the winner's document.
        if (attempt < 3 && error instanceof MongoServerError && error.code === MONGO_ERRORS.duplicateKey) continue;
        throw error;
      }
    }
  }

  async get(key: string, now = new Date()): Promise<Count | null> {
    const found = await this.counters.findOne({ _id: key, resetAt: { $gt: now } });
    return found ? { count: found.count, resetAt: found.resetAt.getTime() } : null;
  }

  async reset(key: string) {
    await this.counters.deleteOne({ _id: key });
  }

  async sweep(now = new Date()) {
    return (await this.counters.deleteMany({ resetAt: { $lte: now } })).deletedCount;
  }

  async close() {
    await this.client.close();
  }
}

/**
 * A hit's update pipeline. Whether the counter is live and when it lapses (`resetAt`) follow the
 * caller's clock, which may be a test's or a command's (a fixed day in March) rather than the
 * server's. The TTL monitor compares with the server's clock, so the document's removal
 * (`expiresAt`) is the server's now (`$$NOW`) plus the window: never before the counter lapses
 * (what is left of a window is at most the window), at most one window after it; a TTL on
 * `resetAt` would remove a live counter hit with a clock in the past at once.
 */
export function hitUpdate(now: Date, windowMs: number, slide: boolean) {
  const resetAt = new Date(now.getTime() + windowMs);
  // A missing document has no resetAt, which compares below any date: it starts at 1.
  const live = { $gt: ['$resetAt', now] };
  return [
    {
      $set: {
        count: { $cond: [live, { $add: ['$count', 1] }, 1] },
        resetAt: slide ? resetAt : { $cond: [live, '$resetAt', resetAt] },
        expiresAt: { $add: ['$$NOW', windowMs] },
      },
    },
  ];
}

/**
 * TTL indexes other than ours (on `resetAt`, as counters were kept before): dropped, or the
 * monitor would go on removing live counters by the caller's clock.
 */
export function staleExpiryIndexes(
  indexes: { name?: string; key: Record<string, unknown>; expireAfterSeconds?: number }[],
) {
  return indexes
    .filter(
      (index) =>
        index.expireAfterSeconds !== undefined && JSON.stringify(index.key) !== JSON.stringify(EXPIRY_INDEX.key),
    )
    .flatMap((index) => (index.name ? [index.name] : []));
}
