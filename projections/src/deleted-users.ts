import { type CollectionDefinition, type DocumentWrite, POSITION_FIELD, type ReadStore } from '@fitness/stores';

/**
 * The ids of deleted accounts (nothing else: an id says nothing about a person), kept by the
 * runner for all projections, so a write that reached the log after an account's deletion
 * (a request under way on another server at that moment) never puts a document back.
 */
export const DELETED_USERS: CollectionDefinition = { name: 'deleted_users', indexes: [] };

/** Deleted account id -> the position of its deletion. */
export type DeletedUsers = Map<string, number>;

/** Reads the deleted accounts the runner recorded into `deletedUsers`. */
export async function loadDeletedUsers(reads: Pick<ReadStore, 'find'>, deletedUsers: DeletedUsers) {
  for (const deleted of await reads.find(DELETED_USERS.name)) {
    deletedUsers.set(deleted.id, Number(deleted[POSITION_FIELD]));
  }
}

/** The row that records an account's deletion, committed with the batch that met it. */
export function deletedUserRow(userId: string, position: number): DocumentWrite {
  return { collection: DELETED_USERS.name, op: 'upsert', document: { id: userId, [POSITION_FIELD]: position } };
}
