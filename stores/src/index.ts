export * from './event-store.ts';
export * from './read-store.ts';
export { SqliteEventStore } from './sqlite/sqlite-event-store.ts';
export { SqliteReadStore } from './sqlite/sqlite-read-store.ts';
