import { randomUUID } from 'node:crypto';
import { type AnyBulkWriteOperation, MongoServerError } from 'mongodb';
import { collectionName } from './mongodb-documents.ts';
import { MONGO_ERRORS } from './server-errors.ts';

/**
 * A projection's reset on MongoDB, in steps. Deleting a large collection's documents inside one
 * transaction runs past the server's transaction time limit (60 s by default), fails whole and
 * is retried for ever; dropping a collection is quick, but cannot be done in a transaction. So:
 *
 * 1. `mark`, in a (fenced) transaction: the checkpoint goes to 0 with the new version and a
 *    marker naming the collections. From here readers see the projection at 0, never caught up.
 * 2. `drop` each collection and `create` it again with its indexes, outside any transaction.
 * 3. `unmark`, in a (fenced) transaction: the marker goes, if it is still this reset's.
 *
 * Interrupted anywhere after 1 (a crash, the server out of reach), the marker stays: the
 * projection's version reads as 0 (builtVersion), so the runner's next start resets it again
 * (every step can be done twice), and a commit that would move its checkpoint is refused
 * (checkpointMove), so old documents are never taken for a rebuilt model.
 */
export type ResetMarker = { id: string; collections: string[] };

export type ResetStep =
  | { step: 'mark'; marker: ResetMarker }
  | { step: 'drop'; collection: string }
  | { step: 'create'; collection: string; indexes: string[][] }
  | { step: 'unmark'; marker: ResetMarker };

/** A projection's checkpoint document; `resetting` while a reset has not finished. */
export type CheckpointDocument = { _id: string; position: number; version?: number; resetting?: ResetMarker };

/**
 * The steps of resetting `collections`, each known with its indexes (`indexesOf` throws for a
 * collection the store was not told about, before anything is written).
 */
export function resetSteps(collections: string[], indexesOf: (collection: string) => string[][]): ResetStep[] {
  const known = collections.map((collection) => ({
    collection: collectionName(collection),
    indexes: indexesOf(collection),
  }));
  const marker = { id: randomUUID(), collections: known.map(({ collection }) => collection) };
  return [
    { step: 'mark', marker },
    ...known.flatMap(({ collection, indexes }): ResetStep[] => [
      { step: 'drop', collection },
      { step: 'create', collection, indexes },
    ]),
    { step: 'unmark', marker },
  ];
}

/** The version that built the projection's documents: none (0) while a reset has not finished. */
export function builtVersion(checkpoint: CheckpointDocument | null) {
  if (!checkpoint || checkpoint.resetting) return 0;
  return checkpoint.version ?? 0;
}

/**
 * A commit's move of a checkpoint: forward only, and only where no reset is unfinished. On a
 * marked checkpoint the filter misses and the upsert's insert meets its `_id`: a duplicate key,
 * which aborts the commit's transaction whole (see unfinishedReset).
 */
export function checkpointMove(projection: string, position: number): AnyBulkWriteOperation<CheckpointDocument> {
  return {
    updateOne: {
      filter: { _id: projection, resetting: { $exists: false } },
      update: { $max: { position } },
      upsert: true,
    },
  };
}

/** A commit refused because a projection it moves has a reset that did not finish. */
export class UnfinishedResetError extends Error {
  constructor(projections: string[]) {
    super(
      `A reset of ${projections.length === 1 ? '' : 'one of '}${projections.join(', ')} did not finish: its documents may be the old ones, so its checkpoint stays at 0 until the projections process resets it again (at its next start)`,
    );
  }
}

/** The duplicate key checkpointMove meets, as the error the commit throws instead; otherwise the error itself. */
export function unfinishedReset(error: unknown, projections: string[]) {
  return error instanceof MongoServerError && error.code === MONGO_ERRORS.duplicateKey
    ? new UnfinishedResetError(projections)
    : error;
}
