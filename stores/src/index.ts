export * from './counters.ts';
export * from './event-store.ts';
export { eventsBehind } from './events-behind.ts';
// Types only: importing the package must not load the EventStoreDB and MongoDB clients (about
// 170 ms and 45 MB per process) into the embedded product. Code that runs them imports the
// adapter modules by path, as open-stores.ts does.
export type { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.ts';
export * from './lease.ts';
export type { MongoReadStore } from './mongodb/mongodb-read-store.ts';
export { openCounters } from './open-counters.ts';
export { openLease, openStores } from './open-stores.ts';
export * from './read-store.ts';
export { SqliteCounterStore } from './sqlite/sqlite-counters.ts';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store.ts';
export type { SyncFile } from './sqlite/sqlite-event-store-durable-head.ts';
export { SqliteLease } from './sqlite/sqlite-lease.ts';
export { SqliteReadStore } from './sqlite/sqlite-read-store.ts';
export * from './stores-config.ts';
