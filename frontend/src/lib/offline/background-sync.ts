import { createFlusher, type FlushReport } from './flush.ts';
import { openOutbox } from './outbox.ts';
import { createSyncSessionKeeper, readSyncSession, type SyncSession } from './sync-session.ts';

/** The Background Sync tag the page registers and the service worker answers: "send the outbox". */
export const OUTBOX_SYNC_TAG = 'fitness-outbox';

/** The flush stopped where trying again later may get through: the browser is to try again. */
export class OutboxNotSent extends Error {
  readonly report: FlushReport;
  constructor(report: FlushReport) {
    super(`The offline changes were not all sent (stopped: ${report.stopped}); ${report.sent} sent`);
    this.name = 'OutboxNotSent';
    this.report = report;
  }
}

/**
 * The service worker's flush, for a Background Sync event: the outbox of the user signed in last
 * (the session the page keeps in IndexedDB), sent with the page's own flusher under the same Web
 * Lock, so a tab flushing at the same moment takes turns with it and each command goes once.
 * Answers the report, or null when nobody is signed in (nothing to send under anyone's token).
 * Rejects with OutboxNotSent when the flush stopped at the network or a server failure: the
 * browser then tries again later. A lost session is no reason to: the changes wait for the user
 * to sign in again, as the page shows.
 */
export async function sendOutboxInBackground(
  options: {
    readSession?: () => Promise<SyncSession | null>;
    baseUrl?: string;
    fetch?: typeof fetch;
    locks?: LockManager | null;
  } = {},
): Promise<FlushReport | null> {
  const session = await (options.readSession ?? readSyncSession)();
  if (!session) return null;
  const outbox = await openOutbox(session.userId);
  try {
    const report = await createFlusher({
      outbox,
      session: () => session,
      language: () => session.language,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      locks: options.locks,
    }).flush();
    if (report.stopped === 'network' || report.stopped === 'server') throw new OutboxNotSent(report);
    return report;
  } finally {
    outbox.close();
  }
}

/** The slice of a service worker registration the page asks for a sync; absent where the browser has no Background Sync. */
type WithBackgroundSync = { sync?: { register(tag: string): Promise<void> } };

/** Whether the browser will fire Background Sync events at this registration's worker (Chromium does). */
export function hasBackgroundSync(registration: ServiceWorkerRegistration | null) {
  return Boolean((registration as WithBackgroundSync | null)?.sync);
}

/**
 * Asks the browser to wake the service worker when the connection returns, to send the outbox
 * even if no tab of the app is open then. Where there is no Background Sync (Firefox, Safari) or
 * no worker, it does nothing: the page sends when it is next open and online.
 */
export async function requestBackgroundSync(registration: ServiceWorkerRegistration | null) {
  const sync = (registration as WithBackgroundSync | null)?.sync;
  if (!sync) return false;
  // The same tag again while one waits is one sync: the browser keeps a single registration per tag.
  await sync.register(OUTBOX_SYNC_TAG);
  return true;
}

/**
 * The page's side, where the browser has Background Sync (and the app a worker): the session
 * the worker sends under follows the page's (kept from the worker's registration on, forgotten
 * at sign-out), and `request` asks for the sync once that session is written, so a sync fired at
 * once finds it. Elsewhere nothing is kept and `request` does nothing.
 */
export function followBackgroundSync(options: {
  registration: () => Promise<ServiceWorkerRegistration | null>;
  /** Who is signed in now, under which token and language; null when nobody is. */
  session: () => SyncSession | null;
  /** Calls `changed` whenever the session may have changed (a sign-in or -out, a new token, another language). */
  onChange: (changed: () => void) => void;
  keeper?: ReturnType<typeof createSyncSessionKeeper>;
}) {
  const keeper = options.keeper ?? createSyncSessionKeeper();
  const following = options.registration().then((registration) => {
    if (!hasBackgroundSync(registration)) return;
    const keep = () => void keeper.keep(options.session());
    options.onChange(keep);
    keep();
  });
  return {
    async request() {
      const registration = await options.registration();
      await following;
      await keeper.written();
      return requestBackgroundSync(registration);
    },
  };
}
