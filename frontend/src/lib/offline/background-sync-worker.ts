import { OUTBOX_SYNC_TAG, OutboxNotSent, sendOutboxInBackground } from './background-sync.ts';

/** A Background Sync event as a service worker gets it (the page's type library does not describe workers). */
type SyncEvent = Event & { tag: string; lastChance: boolean; waitUntil(done: Promise<unknown>): void };

/**
 * The service worker's side of the outbox, bundled into /sw.js at build time (sw-plugin.ts):
 * when the browser fires the outbox's sync (the connection is back, whether or not a tab of the
 * app is open), it sends what waits. A rejected waitUntil tells the browser the sync failed, so
 * it tries again later, until its last chance; what is still queued then waits for the app.
 */
globalThis.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    sendOutboxInBackground().catch((error: unknown) => {
      const next = sync.lastChance ? 'they wait for the app to send them' : 'the browser tries again later';
      console.warn(
        `Background Sync: ${error instanceof OutboxNotSent ? error.message : 'sending failed'}; ${next}`,
        error,
      );
      throw error;
    }),
  );
});
