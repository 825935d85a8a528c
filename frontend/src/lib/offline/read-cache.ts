import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

/** A GET as the API client makes it: the path under /api/v1, its query string ('' or '?…') and the language asked for. */
export type Read = { path: string; search: string; language: string };

/**
 * The reads kept: the user's own everyday data on the screens used at the gym and the table
 * (dashboard, exercises with their history, templates, the day's meals, foods logged and
 * searched before, workout lists and a workout's previous sets, progress, weigh-ins). Never an
 * admin screen, the event explorer, an export, access tokens, the account or its settings.
 * A single workout (`/workouts/<id>`) is not kept here: the one in progress is last-seen's
 * (last-seen.ts), which follows every write and push to it, where this holds only the last GET.
 */
const KEPT: RegExp[] = [
  /^\/exercises$/,
  /^\/exercises\/[^/]+(\/(history|progress))?$/,
  /^\/templates$/,
  /^\/meals$/,
  /^\/water\/[^/]+$/,
  /^\/nutrition\/targets$/,
  /^\/foods(\/recent)?$/,
  /^\/saved-meals$/,
  /^\/metrics\/(today|weekly|monthly|training-weeks|prs|achievements)$/,
  /^\/workouts$/,
  /^\/workouts\/[^/]+\/previous$/,
  /^\/body-weight$/,
];

/** Whether the answer to a GET of `path` is kept to show offline. */
export function keptRead(path: string) {
  return KEPT.some((pattern) => pattern.test(path));
}

/** The bounds: the oldest answers go first once either is passed. */
export const READ_CACHE_MAX_ENTRIES = 300;
export const READ_CACHE_MAX_BYTES = 4 * 1024 * 1024;

type KeptAnswer = {
  key: string;
  /** The response body as it came (the client parses it as it parses any answer). */
  text: string;
  bytes: number;
  storedAt: number;
};

interface ReadCacheSchema extends DBSchema {
  answers: { key: string; value: KeptAnswer; indexes: { 'by-age': [number, number] } };
}

/** One database per user, like the outbox: one user's reads never answer another's. */
export function readCacheName(userId: string) {
  return `fitness-reads-${userId}`;
}

const keyOf = ({ path, search, language }: Read) => `${language} ${path}${search}`;
const encoder = new TextEncoder();

/**
 * The last successful answer of each everyday GET of a user, in IndexedDB, for the API client to
 * answer with when a read gets no response (no network, a reload in the basement). Bounded to
 * READ_CACHE_MAX_ENTRIES answers and READ_CACHE_MAX_BYTES, the oldest stored going first. Every
 * tab of the user shares it. Another tab deleting it (an explicit sign-out) closes it here:
 * from then on it keeps and answers nothing.
 */
export async function openReadCache(userId: string) {
  let closed = false;
  const db: IDBPDatabase<ReadCacheSchema> = await openDB<ReadCacheSchema>(readCacheName(userId), 1, {
    upgrade(database) {
      database.createObjectStore('answers', { keyPath: 'key' }).createIndex('by-age', ['storedAt', 'bytes']);
    },
    blocking() {
      close();
    },
  });

  function close() {
    closed = true;
    db.close();
  }

  return {
    userId,
    /** Keeps `text` as the answer to `read`, if it is a read kept and fits in the bounds. */
    async keep(read: Read, text: string) {
      if (closed || !keptRead(read.path)) return;
      const bytes = encoder.encode(text).byteLength;
      if (bytes > READ_CACHE_MAX_BYTES) return;
      const tx = db.transaction('answers', 'readwrite');
      await tx.store.put({ key: keyOf(read), text, bytes, storedAt: Date.now() });
      // The oldest beyond the bounds go, in the same transaction; only the index is read, no answer's text.
      let entries = 0;
      let total = 0;
      let cursor = await tx.store.index('by-age').openKeyCursor(null, 'prev');
      while (cursor) {
        entries += 1;
        total += cursor.key[1];
        if (entries > READ_CACHE_MAX_ENTRIES || total > READ_CACHE_MAX_BYTES) await tx.store.delete(cursor.primaryKey);
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    /** The last answer kept to `read`, if any. */
    async answer(read: Read): Promise<string | undefined> {
      if (closed || !keptRead(read.path)) return undefined;
      return (await db.get('answers', keyOf(read)))?.text;
    },
    close,
  };
}

export type ReadCache = Awaited<ReturnType<typeof openReadCache>>;

/** Forgets a user's kept reads (an explicit sign-out: the next person at a shared computer sees none of them). */
export function forgetReads(userId: string) {
  return deleteDB(readCacheName(userId));
}
