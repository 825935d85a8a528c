import { CLIENT_TIME_HEADER } from '@fitness/contracts/client-time.ts';
import { API_TIMEOUT_MS, parseBody } from '../api-client.ts';
import type { NotKept, Outbox, QueuedCommand } from './outbox.ts';

/** How long to wait before sending again when a 429 or 503 did not say (no Retry-After). */
export const RETRY_WITHOUT_RETRY_AFTER_MS = 5_000;

/**
 * How far the device's clock may differ from the server's before the times sent are put right:
 * the server's `Date` header says the second, and it accepts times up to 5 minutes ahead.
 */
export const CLOCK_SKEW_IGNORED_MS = 60_000;

/** Why a flush stopped with commands still waiting; they stay queued for the next one. */
export type Stopped =
  /** No answer came (no network, a timeout): the next flush, when the connection returns, goes on. */
  | 'network'
  /** The session is gone or belongs to someone else (401, or another user signed in): sign in again. */
  | 'sign-in'
  /** The server failed (a 5xx other than 503): it may work next time. */
  | 'server';

export type FlushReport = { sent: number; refused: NotKept[]; stopped: Stopped | null };

export type FlusherOptions = {
  outbox: Outbox;
  /** The user signed in now and their token, read before each send; null when nobody is. */
  session: () => { userId: string; token: string } | null;
  baseUrl?: string;
  /** The language a refusal's message should be in. */
  language?: () => string;
  fetch?: typeof fetch;
  /** Waits out a Retry-After; tests pass one that does not hold them up. */
  wait?: (ms: number) => Promise<void>;
  /** The Web Locks of the browser; null where it has none (see `createFlusher`). */
  locks?: LockManager | null;
  /** The device's clock; tests pass one that runs fast. */
  now?: () => number;
  /**
   * Told the position of each command the server took (its X-Event-Position), so the page's
   * reads after a flush wait for the read models to hold it (the API client's `sawPosition`).
   */
  onPosition?: (position: number) => void;
};

/**
 * Sends a user's outbox to the server, oldest command first, each with its Idempotency-Key, and
 * takes a command out only once the server has answered it: accepted (2xx), or refused for good
 * (a 4xx but 401, 408 and 429), when it goes to the not-kept list with the server's message and
 * takes with it the later commands that need what it created. Without an answer (no network), on
 * a 401 or another user's session, or on a server failure, the flush stops and everything not
 * answered stays queued; a 429 or 503 is waited out (Retry-After) and the command sent again.
 *
 * A command's time of action is the device's clock's. A phone whose clock runs fast (many are set
 * a few minutes ahead on purpose) would have every queued write refused as "ahead of the server",
 * so the flusher learns how far the device's clock is off from each answer's `Date` header and
 * sends the times put right by it; a write refused for its time before that was known is sent
 * once more with the corrected time.
 *
 * One flusher runs at a time across the user's tabs: each flush holds the Web Lock named after the
 * outbox. Where there are no Web Locks (an old browser, or a page over plain HTTP, which is not a
 * secure context), tabs may flush at once: each command may then be sent by two tabs, and lands
 * once all the same (the server answers a repeated Idempotency-Key with the first answer), in
 * order, since each tab sends the next only after the server answered the one before.
 */
export function createFlusher(options: FlusherOptions) {
  const { outbox } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = options.baseUrl ?? '/api/v1';
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  const now = options.now ?? Date.now;
  /** How far the device's clock is ahead of the server's (behind: negative), as last learned. */
  let skewMs = 0;

  /** Learns the clock's skew from an answer's Date header; small ones are the header's rounding. */
  function learnSkew(response: Response) {
    const serverTime = Date.parse(response.headers.get('Date') ?? '');
    if (Number.isNaN(serverTime)) return;
    const skew = now() - serverTime;
    skewMs = Math.abs(skew) > CLOCK_SKEW_IGNORED_MS ? skew : 0;
  }

  async function send(command: QueuedCommand, token: string) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.language?.() ?? 'en',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': command.key,
      // Stable across repeats: every attempt of the command goes by one request id in the
      // server's logs and on its change notices (which the stores apply by id, so a tab's own
      // flushed change arriving as a notice changes nothing twice).
      'X-Request-Id': command.key,
      // When the user acted, not when the connection came back: the set's time, the day it counts for.
      [CLIENT_TIME_HEADER]: shiftedBy(command.actedAt, -skewMs),
    };
    if (command.body !== undefined) headers['Content-Type'] = 'application/json';
    return doFetch(`${baseUrl}${command.path}`, {
      method: command.method,
      headers,
      body: command.body === undefined ? undefined : JSON.stringify(command.body),
      credentials: 'include',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  }

  /** Sends until the queue is empty or something stops it; the commands of its report. */
  async function drain(report: FlushReport) {
    for (;;) {
      const command = await outbox.next();
      if (!command) return;
      const session = options.session();
      if (!session || session.userId !== outbox.userId) {
        report.stopped = 'sign-in';
        return;
      }
      let response: Response;
      let answer: unknown;
      const sentWithSkew = skewMs;
      try {
        response = await send(command, session.token);
        // Read here: the connection can drop in the middle of the answer too.
        answer = parseBody(await response.text());
      } catch {
        report.stopped = 'network';
        return;
      }
      learnSkew(response);
      const status = response.status;
      if (status === 422 && refusedForItsTime(answer) && Math.abs(skewMs - sentWithSkew) > CLOCK_SKEW_IGNORED_MS) {
        // Refused for a time the device's clock got wrong, which this answer told: sent again, put right.
        continue;
      }
      if (response.ok) {
        options.onPosition?.(Number(response.headers.get('X-Event-Position')));
        await outbox.sent(command.seq);
        report.sent += 1;
      } else if (status === 401) {
        report.stopped = 'sign-in';
        return;
      } else if (status === 429 || status === 503) {
        const seconds = Number(response.headers.get('Retry-After'));
        await wait(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RETRY_WITHOUT_RETRY_AFTER_MS);
      } else if (status >= 400 && status < 500 && status !== 408) {
        const message = (answer as { message?: unknown } | null)?.message;
        report.refused.push(
          ...(await outbox.refuse(command.seq, status, typeof message === 'string' ? message : response.statusText)),
        );
      } else {
        report.stopped = status === 408 ? 'network' : 'server';
        return;
      }
    }
  }

  let running: Promise<FlushReport> | null = null;
  let again = false;

  return {
    /**
     * Sends what is waiting; answers what was sent, refused, and why it stopped, if it did. A
     * flush asked for while one runs in this tab joins it, which then looks once more for
     * commands queued meanwhile.
     */
    flush(): Promise<FlushReport> {
      if (running) {
        again = true;
        return running;
      }
      const report: FlushReport = { sent: 0, refused: [], stopped: null };
      const underLock = () =>
        locks ? locks.request(outboxLockName(outbox.userId), () => drain(report)) : drain(report);
      running = (async () => {
        do {
          again = false;
          await underLock();
        } while (again && report.stopped === null);
        return report;
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type Flusher = ReturnType<typeof createFlusher>;

/** Whether a 422 names the time of action among its fields. */
function refusedForItsTime(answer: unknown) {
  const errors = (answer as { errors?: unknown } | null)?.errors;
  return typeof errors === 'object' && errors !== null && CLIENT_TIME_HEADER in errors;
}

/**
 * An RFC 3339 time with its offset (`withOffset`'s) moved by `ms`, keeping its offset: the
 * wall clock where the user was, put right.
 */
export function shiftedBy(time: string, ms: number) {
  if (ms === 0) return time;
  const offset = time.slice(-6);
  const sign = offset.startsWith('-') ? -1 : 1;
  const offsetMs = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  return `${new Date(Date.parse(time) + ms + offsetMs).toISOString().slice(0, -1)}${offset}`;
}

/** The Web Lock a flush of the user's outbox holds, the same in all their tabs. */
export function outboxLockName(userId: string) {
  return `fitness-outbox-flush-${userId}`;
}
