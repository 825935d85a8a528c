import { type Collection, type MongoClient, MongoServerError } from 'mongodb';
import type { Count, CounterStore, HitOptions } from '../counters.ts';
import { connectMongoClient } from './mongo-client.ts';
import { MONGO_ERRORS } from './server-errors.ts';

type CounterDocument = { _id: string; count: number; resetAt: Date };

/**
 * Beside the read store's own collections; not `counters`, which the read store keeps its change
 * feed's sequence in.
 */
const COLLECTION = 'limit_counters';

/**
 * The counters of the distributed deployment on MongoDB: a `limit_counters` collection in the
 * read store's database, one document per key. A hit is one findOneAndUpdate with an upsert. Its
 * update is a pipeline rather than a plain `$inc` so that a lapsed document, which the TTL
 * monitor (it runs once a minute) may not have removed yet, starts again at 1 in the same
 * atomic step; the TTL index on `resetAt` removes lapsed documents.
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
    // Same keys and options each time: creating it again is a no-op.
    await counters.createIndex({ resetAt: 1 }, { expireAfterSeconds: 0 });
    return new MongoCounterStore(client, counters);
  }

  async hit(key: string, windowMs: number, options: HitOptions = {}): Promise<Count> {
    const now = options.now ?? new Date();
    const resetAt = new Date(now.getTime() + windowMs);
    // A missing document has no resetAt, which compares below any date: it starts at 1.
    const live = { $gt: ['$resetAt', now] };
    const update = [
      {
        $set: {
          count: { $cond: [live, { $add: ['$count', 1] }, 1] },
          resetAt: options.slide ? resetAt : { $cond: [live, '$resetAt', resetAt] },
        },
      },
    ];
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
