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

/** How long an unreachable server is left before it is asked again, and the longest wait between tries. */
export const PROBE_FIRST_MS = 15_000;
export const PROBE_LONGEST_MS = 30_000;

/**
 * The outbox as the app uses it: a command queued is stored first and then sent at once if
 * there is a connection, and everything waiting is sent when the connection returns; the state
 * follows the outbox of every tab (its BroadcastChannel) for the screens to show. navigator.onLine
 * false means no network for sure; true only that there may be one, so a flush may still stop
 * at a network failure.
 *
 * A weak signal (one bar in a basement) leaves navigator.onLine true while nothing gets through:
 * so a request that got no response (`noResponse`, told by the API client, or a flush stopped at
 * the network) counts as offline too, the stores queue from then on and the indicator says
 * "Offline". Any response (`answered`), a `probe` that gets one (asked after 15 s, then every
 * 30 s) or the browser's `online` event counts as online again and sends what waits.
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
  /** Whether the server answers at all now (a cheap GET); asked while it is unreachable. */
  probe?: () => Promise<boolean>;
  /** The waits before each probe, the first and the longest (tests shorten them). */
  probeEvery?: { first: number; longest: number };
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
    if (report.stopped === 'network') noResponse();
    await refresh();
    return report;
  }

  /** A flush not waited for (a connection back, a command queued): its failure is logged, not lost. */
  function flushLater() {
    flush().catch((error) => console.error('Sending the offline changes failed', error));
  }

  const probeEvery = options.probeEvery ?? { first: PROBE_FIRST_MS, longest: PROBE_LONGEST_MS };
  let probing: ReturnType<typeof setTimeout> | undefined;
  function stopProbing() {
    clearTimeout(probing);
    probing = undefined;
  }
  /** Asks the server after `wait`, and again after twice as long (up to the longest) until it answers. */
  function probeAfter(wait: number) {
    const { probe } = options;
    if (!probe) return;
    const timer = setTimeout(async () => {
      const answers = await probe().catch(() => false);
      // Stopped meanwhile (online again, offline for sure, signed out): this try is over.
      if (probing !== timer) return;
      if (answers) answered();
      else probeAfter(Math.min(wait * 2, probeEvery.longest));
    }, wait);
    probing = timer;
  }

  /** A request got no response although the browser says it is online: offline until something answers. */
  function noResponse() {
    if (state.online && connection.online()) {
      state.online = false;
      probeAfter(probeEvery.first);
    }
    return !state.online;
  }

  /** Something answered: online again (if the browser says so too), and what waits goes. */
  function answered() {
    if (state.online || !connection.online()) return;
    stopProbing();
    state.online = true;
    flushLater();
  }

  const wentOnline = () => {
    stopProbing();
    state.online = true;
    flushLater();
  };
  const wentOffline = () => {
    // The browser's `online` event brings it back: nothing to ask until then.
    stopProbing();
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
    /** A request got no response; answers whether the app counts as offline now. */
    noResponse,
    /** A request got a response, whatever it said: the server is reachable. */
    answered,
    /** The user has read of the refusal: it goes from the list, in every tab. */
    dismiss: (seq: number) => outbox.dismiss(seq),
    stop() {
      stopProbing();
      connection.events.removeEventListener('online', wentOnline);
      connection.events.removeEventListener('offline', wentOffline);
      unfollow();
    },
  };
}

export type OfflineSync = ReturnType<typeof createOfflineSync>;
