import { proxy } from 'valtio';
import type { Flusher } from './flush.ts';
import type { NewCommand, NotKept, Outbox, QueuedCommand } from './outbox.ts';

/** What the app shows of the outbox: "offline, 3 changes waiting", and the changes not kept. */
export type OfflineState = {
  online: boolean;
  /** Commands in the outbox not answered yet, from every tab of the user. */
  waiting: number;
  /** Commands the server refused for good, oldest first, until dismissed. */
  notKept: NotKept[];
  /** The last flush stopped at a lost session: the changes wait for the user to sign in again. */
  signInNeeded: boolean;
};

/** Whether the browser has a connection, and where it says when that changes. */
export type Connection = { online: () => boolean; events: EventTarget };

/** The browser's own: navigator.onLine and the window's online and offline events. */
export function browserConnection(): Connection {
  return { online: () => globalThis.navigator.onLine, events: globalThis as unknown as EventTarget };
}

/**
 * The outbox as the app uses it: a command queued is stored first and then sent at once if
 * there is a connection, and everything waiting is sent when the connection returns; the state
 * follows the outbox of every tab (its BroadcastChannel) for the screens to show. navigator.onLine
 * false means no network for sure; true only that there may be one, so a flush may still stop
 * at a network failure and waits for the next `online` event or the next command queued.
 *
 * What this page cannot send now (offline, or a flush stopped at the network or a server
 * failure) it also leaves to `backgroundSync`, where given: the service worker's Background Sync
 * sends it when the connection returns, even with every tab of the app closed by then.
 */
export function createOfflineSync(options: {
  outbox: Outbox;
  flusher: Flusher;
  connection?: Connection;
  /** Asks the browser to have the service worker send the outbox once online (lib/offline/background-sync.ts). */
  backgroundSync?: () => Promise<unknown>;
}) {
  const { outbox, flusher } = options;
  const connection = options.connection ?? browserConnection();
  const state = proxy<OfflineState>({ online: connection.online(), waiting: 0, notKept: [], signInNeeded: false });

  let reading = Promise.resolve();
  /** Reads the count and the not-kept list again; reads one after another, so the newest wins. */
  function refresh() {
    reading = reading.then(async () => {
      const [waiting, notKept] = await Promise.all([outbox.count(), outbox.notKept()]);
      state.waiting = waiting;
      state.notKept = notKept;
    });
    return reading;
  }

  /** A failure to ask is logged: the page still sends what waits when it is next open and online. */
  function leaveToBackgroundSync() {
    options.backgroundSync?.().catch((error) => console.error('Background Sync could not be asked for', error));
  }

  async function flush() {
    if (!state.online) {
      if (options.backgroundSync && (await outbox.count()) > 0) leaveToBackgroundSync();
      return null;
    }
    const report = await flusher.flush();
    state.signInNeeded = report.stopped === 'sign-in';
    if (report.stopped === 'network' || report.stopped === 'server') leaveToBackgroundSync();
    await refresh();
    return report;
  }

  /** A flush not waited for (a connection back, a command queued): its failure is logged, not lost. */
  function flushLater() {
    flush().catch((error) => console.error('Sending the offline changes failed', error));
  }

  const wentOnline = () => {
    state.online = true;
    flushLater();
  };
  const wentOffline = () => {
    state.online = false;
  };
  connection.events.addEventListener('online', wentOnline);
  connection.events.addEventListener('offline', wentOffline);
  const unfollow = outbox.onChange(() => {
    refresh().catch((error) => console.error('Reading the offline changes failed', error));
  });

  return {
    state,
    /** Reads the outbox and sends what an earlier visit left waiting; resolves when both are done. */
    async start() {
      await refresh();
      return flush();
    },
    /** Keeps the command (resolves once it is stored) and sends it at once if online. */
    async queue(command: NewCommand): Promise<QueuedCommand> {
      const queued = await outbox.append(command);
      flushLater();
      return queued;
    },
    /** Sends what is waiting now, if online (null when offline). */
    flush,
    /** The user has read of the refusal: it goes from the list, in every tab. */
    dismiss: (seq: number) => outbox.dismiss(seq),
    stop() {
      connection.events.removeEventListener('online', wentOnline);
      connection.events.removeEventListener('offline', wentOffline);
      unfollow();
    },
  };
}

export type OfflineSync = ReturnType<typeof createOfflineSync>;
