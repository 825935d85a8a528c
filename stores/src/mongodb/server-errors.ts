/** The MongoDB server's error codes the adapters tell apart. */
export const MONGO_ERRORS = {
  /** An insert or upsert met a unique index (another process got there first). */
  duplicateKey: 11000,
  /** The collection was created meanwhile by another process. */
  namespaceExists: 48,
} as const;
