import type { Document } from '@fitness/stores';

const RECENT_DOCUMENTS = 200;

/**
 * The documents a runner wrote or read last for one projection, most recently used last. The
 * runner is its collections' only writer, so what it wrote or read is what the store holds, and
 * a busy workout is not read back and parsed again for every batch.
 */
export type RecentDocuments = Map<string, Document | null>;

/** Keeps the newest documents, dropping the least recently written beyond the limit. */
export function remember(recent: RecentDocuments, documents: Map<string, Document | null>) {
  for (const [id, document] of documents) {
    recent.delete(id);
    recent.set(id, document);
  }
  for (const id of recent.keys()) {
    if (recent.size <= RECENT_DOCUMENTS) break;
    recent.delete(id);
  }
}
