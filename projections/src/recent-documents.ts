import type { Document } from '@fitness/stores';
import { LRUCache } from 'lru-cache';

const RECENT_DOCUMENTS = 200;

/**
 * The documents a runner wrote or read last for one projection, the least recently written
 * dropped first. The runner is its collections' only writer, so what it wrote or read is what
 * the store holds, and a busy workout is not read back and parsed again for every batch. A
 * document known not to be there is kept as `{ document: null }` (lru-cache keeps no null).
 */
export type RecentDocuments = LRUCache<string, { document: Document | null }>;

export function recentDocuments(): RecentDocuments {
  return new LRUCache({ max: RECENT_DOCUMENTS });
}

/** Keeps these documents as the most recently written. */
export function remember(recent: RecentDocuments, documents: Map<string, Document | null>) {
  for (const [id, document] of documents) recent.set(id, { document });
}

/** What is kept of a document (null: not there), undefined if nothing is; it stays as recent as it was. */
export function recalled(recent: RecentDocuments, id: string) {
  return recent.peek(id)?.document;
}

/** The documents kept, least recently written first. */
export function recentEntries(recent: RecentDocuments): [string, Document | null][] {
  const entries: [string, Document | null][] = [];
  for (const id of recent.rkeys()) {
    const kept = recent.peek(id);
    if (kept) entries.push([id, kept.document]);
  }
  return entries;
}
