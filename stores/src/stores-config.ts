/** The event stores openStores can open: SQLite files (embedded) or EventStoreDB (distributed). */
export const EVENT_STORE_KINDS = ['sqlite', 'eventstoredb'] as const;

/** The read stores openStores can open: a SQLite file (embedded) or MongoDB (distributed). */
export const READ_STORE_KINDS = ['sqlite', 'mongodb'] as const;

/**
 * What opening the stores, the lease and the counters reads of the configuration. Platform's
 * Config, read from the environment, has all of it; the stores take it as given, since platform
 * depends on them and not the other way round.
 */
export type StoresConfig = {
  dataDir: string;
  eventStore: (typeof EVENT_STORE_KINDS)[number];
  readStore: (typeof READ_STORE_KINDS)[number];
  eventStoreDbUrl: string;
  mongoUrl: string;
  mongoDatabase: string;
};
