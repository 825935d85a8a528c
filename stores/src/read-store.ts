/**
 * The read store port: document collections that projections write and queries read.
 * Two adapters: SQLite (embedded) and MongoDB (distributed); both pass
 * `contract/read-store.contract.ts`. Only the operations projections and queries use.
 */

export type Document = { id: string } & Record<string, unknown>;

/** A collection and the fields its queries filter or sort on (each entry: one compound index). */
export type CollectionDefinition = { name: string; indexes: string[][] };

/** Equality on top-level fields. */
export type Where = Record<string, string | number | boolean | null>;

export type FindOptions = {
  where?: Where;
  orderBy?: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  offset?: number;
};

/** Upserted documents carry their `_position`; a delete names the position of the deleting event. */
export type DocumentWrite =
  | { collection: string; op: 'upsert'; document: Document }
  | { collection: string; op: 'delete'; id: string; position: number };

export interface ReadStore {
  /** Creates the collections and their indexes if missing. Idempotent. */
  ensureCollections(definitions: CollectionDefinition[]): Promise<void>;
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
  find<T extends Document>(collection: string, options?: FindOptions): Promise<T[]>;
  count(collection: string, where?: Where): Promise<number>;
  /**
   * Applies a projection's writes and moves its checkpoint to `position`, all or nothing.
   * A write is skipped when its document already reflects a later position (`_position`), so
   * re-applying a batch after a crash is harmless.
   */
  commit(projection: string, writes: DocumentWrite[], position: number): Promise<void>;
  /** The position a projection has processed up to; 0 when it never ran. */
  checkpoint(projection: string): Promise<number>;
  /** All checkpoints, for read-your-writes and the developer tools. */
  checkpoints(): Promise<Record<string, number>>;
  /** Drops the collections' documents and the projection's checkpoint, for a rebuild. */
  reset(projection: string, collections: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The field a document carries so re-applying an older event is recognised and skipped. */
export const POSITION_FIELD = '_position';
