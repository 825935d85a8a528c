import { type DBSchema, openDB } from 'idb';

/**
 * What the service worker needs to send the outbox with no tab of the app open: whose outbox,
 * under which token, and the language a refusal's message should be in. The page keeps its
 * session in localStorage, which a worker cannot read.
 */
export type SyncSession = { userId: string; token: string; language: string };

interface SyncSessionSchema extends DBSchema {
  session: { key: string; value: SyncSession };
}

/** One per origin, as the page's session is: one user signed in at a time. */
export const SYNC_SESSION_DATABASE = 'fitness-sync-session';
const SIGNED_IN = 'signed-in';

/** Opened for each read or write and closed after it, so a worker and the tabs never hold it open. */
async function withDatabase<T>(use: (database: Awaited<ReturnType<typeof open>>) => Promise<T>) {
  const database = await open();
  try {
    return await use(database);
  } finally {
    database.close();
  }
}

function open() {
  return openDB<SyncSessionSchema>(SYNC_SESSION_DATABASE, 1, {
    upgrade(database) {
      database.createObjectStore('session');
    },
  });
}

/** The session the page last kept; null when nobody is signed in (or never was here). */
export async function readSyncSession(): Promise<SyncSession | null> {
  return (await withDatabase((database) => database.get('session', SIGNED_IN))) ?? null;
}

/** Keeps `session` for the worker, or forgets it (null: signed out). */
export async function writeSyncSession(session: SyncSession | null) {
  await withDatabase(async (database) => {
    if (session) await database.put('session', session, SIGNED_IN);
    else await database.delete('session', SIGNED_IN);
  });
}

/**
 * Follows the page's session into the database: `keep` says who is signed in now (null: nobody);
 * it writes only when that changed, and writes go one after another, so the last one asked for
 * is what stays. `written` settles once every write asked for so far is done.
 */
export function createSyncSessionKeeper(write: (session: SyncSession | null) => Promise<void> = writeSyncSession) {
  let kept: string | undefined;
  let writing = Promise.resolve();
  return {
    keep(session: SyncSession | null) {
      const now = JSON.stringify(session);
      if (now === kept) return writing;
      kept = now;
      writing = writing.then(() =>
        write(session).catch((error) => console.error('The session for background sending could not be kept', error)),
      );
      return writing;
    },
    written: () => writing,
  };
}
