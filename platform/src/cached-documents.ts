import type { ChangeNotice } from '@fitness/contracts';
import type { Document, ReadStore } from '@fitness/stores';

/** Where a process hears of every read-model document the projections change. */
export type ChangeNotices = { onChange(listener: (notice: ChangeNotice) => void): () => void };

/**
 * Read-model documents kept between requests, each dropped the moment the projections announce
 * a change to it. Every request reads the system settings and its user's document; in the
 * process that runs the projections (the embedded server) those reads need not touch the store.
 * The most recently used `limit` documents stay. A missing document is kept as missing too (the
 * settings are, until an admin changes one): its creation is announced like any change.
 */
export class CachedDocuments {
  private readonly readStore: ReadStore;
  private readonly limit: number;
  private readonly documents = new Map<string, Document | null>();
  /** Counts changes heard, so a read that a change overtook is not kept (it may be older). */
  private changes = 0;

  constructor(readStore: ReadStore, notices: ChangeNotices, limit = 1000) {
    this.readStore = readStore;
    this.limit = limit;
    notices.onChange((notice) => {
      this.changes += 1;
      this.documents.delete(keyOf(notice.model, notice.id));
    });
  }

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const key = keyOf(collection, id);
    if (this.documents.has(key)) {
      const kept = this.documents.get(key) ?? null;
      // Re-inserted: a Map iterates oldest first, so the least recently used goes first.
      this.documents.delete(key);
      this.documents.set(key, kept);
      return kept as T | null;
    }
    const changesBefore = this.changes;
    const document = await this.readStore.get<T>(collection, id);
    if (this.changes === changesBefore) {
      this.documents.set(key, document);
      if (this.documents.size > this.limit) {
        const oldest = this.documents.keys().next().value;
        if (oldest !== undefined) this.documents.delete(oldest);
      }
    }
    return document;
  }
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;
