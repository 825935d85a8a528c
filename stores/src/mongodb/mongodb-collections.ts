import { type Collection, type Db, type Document, MongoServerError } from 'mongodb';
import { fieldName } from './mongodb-documents.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/**
 * Creating a read model's collection and its indexes, for ensureCollections and again after a
 * reset dropped it: both may race another process doing the same, and both may be done twice.
 */
export async function createCollection(db: Db, name: string) {
  try {
    await db.createCollection(name);
  } catch (error) {
    // Another process created it between our listing and now: that is the state we want.
    if (error instanceof MongoServerError && error.code === MONGO_ERRORS.namespaceExists) return;
    throw error;
  }
}

/** One compound index per entry, ascending on each field. */
export async function createIndexes<T extends Document>(collection: Collection<T>, indexes: string[][]) {
  for (const fields of indexes) {
    // Same keys, same default name: creating an existing index is a no-op.
    await collection.createIndex(Object.fromEntries(fields.map((field) => [fieldName(field), 1])));
  }
}
