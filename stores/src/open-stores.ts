import path from 'node:path';
import type { EventStore } from './event-store.ts';
import type { Lease, LeaseOptions } from './lease.ts';
import type { ReadStore } from './read-store.ts';
import { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store.ts';
import { SqliteLease } from './sqlite/sqlite-lease.ts';
import { SqliteReadStore } from './sqlite/sqlite-read-store.ts';
import type { StoresConfig } from './stores-config.ts';

/**
 * Opens the two stores the configuration names: SQLite files in DATA_DIR by default,
 * EventStoreDB and MongoDB for the distributed deployment. The adapters for the latter are
 * loaded only when chosen, so the embedded product never touches their client libraries.
 * Every process opens its stores here: the embedded gateway, each service, the tools.
 * `sqliteEventStore` reaches the SQLite event store (a test's failing sync).
 */
export async function openStores(
  config: StoresConfig,
  options: { sqliteEventStore?: SqliteEventStoreOptions } = {},
): Promise<{ eventStore: EventStore; readStore: ReadStore }> {
  const eventStore: EventStore =
    config.eventStore === 'eventstoredb'
      ? await openEventStoreDb(config.eventStoreDbUrl)
      : new SqliteEventStore(path.join(config.dataDir, 'events.sqlite'), options.sqliteEventStore);
  const readStore: ReadStore =
    config.readStore === 'mongodb'
      ? await (await import('./mongodb/mongodb-read-store.ts')).MongoReadStore.connect(
          config.mongoUrl,
          config.mongoDatabase,
        )
      : new SqliteReadStore(readStoreFile(config));
  return { eventStore, readStore };
}

/** EventStoreDB once it answers: a node starting or electing a leader is waited for (see ready). */
async function openEventStoreDb(url: string) {
  const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store.ts');
  const eventStore = new EventStoreDbEventStore(url);
  try {
    await eventStore.ready();
  } catch (error) {
    await eventStore.close();
    throw error;
  }
  return eventStore;
}

/**
 * Opens a lease beside the read store the configuration names (its writes are what the lease
 * guards, and its commits check the lease's fence): a table in the SQLite read store's file, or
 * a `leases` collection in the MongoDB database. Open it after the stores.
 */
export async function openLease(config: StoresConfig, options: LeaseOptions): Promise<Lease> {
  return config.readStore === 'mongodb'
    ? await (await import('./mongodb/mongodb-lease.ts')).MongoLease.connect(
        config.mongoUrl,
        config.mongoDatabase,
        options,
      )
    : new SqliteLease(readStoreFile(config), options);
}

/** The SQLite read store's file: the lease must live in the very file whose commits check it. */
function readStoreFile(config: StoresConfig) {
  return path.join(config.dataDir, 'read.sqlite');
}
