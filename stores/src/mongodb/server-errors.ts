/** The MongoDB server's error codes the adapters tell apart. */
export const MONGO_ERRORS = {
  /** An insert or upsert met a unique index (another process got there first). */
  duplicateKey: 11000,
  /** The collection was created meanwhile by another process. */
  namespaceExists: 48,
  /** `$changeStream` on a server that is not a replica set member (a standalone). */
  changeStreamsUnsupported: 40573,
  /** A resume token older than the oplog reaches back (ChangeStreamHistoryLost). */
  changeStreamHistoryLost: 286,
  /** A resume token the server refuses, such as an invalidate event's with `resumeAfter` (InvalidResumeToken). */
  invalidResumeToken: 260,
  /** A change stream that cannot go on (ChangeStreamFatalError, labelled NonResumableChangeStreamError). */
  changeStreamFatalError: 280,
} as const;
