import path from 'node:path';
import type { CounterStore } from './counters.ts';
import { SqliteCounterStore } from './sqlite/sqlite-counters.ts';
import type { StoresConfig } from './stores-config.ts';

/**
 * Opens the counters every process of the deployment shares (the sign-in rate limits): beside
 * the read store, in MongoDB when it is there, else in counters.sqlite in DATA_DIR, a file of
 * its own so a counted request never queues behind the projections' writes. Like openStores,
 * it loads the MongoDB client only when chosen.
 */
export async function openCounters(config: StoresConfig): Promise<CounterStore> {
  if (config.readStore === 'mongodb') {
    const { MongoCounterStore } = await import('./mongodb/mongodb-counters.ts');
    return MongoCounterStore.connect(config.mongoUrl, config.mongoDatabase);
  }
  return new SqliteCounterStore(path.join(config.dataDir, 'counters.sqlite'));
}
