import { CLIENT_TIME_HEADER, CLIENT_TIME_MAX_AGE_MS, CLIENT_TIME_MAX_AHEAD_MS } from '@fitness/contracts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { IsDateTime } from 'typebox/format';

/** When the user acted, as their client said (X-Client-Time), and the day that was where they were. */
export type ClientTime = {
  at: Date;
  /** The date as the client wrote it, in its own offset: 23:50 there is that day, whatever UTC says. */
  day: string;
  /**
   * Older than a write may wait offline. Refused by the command handler only once it has found
   * no earlier outcome of the command: a retry of a write that landed (its answer lost) more than
   * the allowed age ago still gets its first answer, rather than a refusal telling the user a
   * change they made was not kept when it was.
   */
  tooOld: boolean;
};

/** An offset is what makes the date as written the user's own day; RFC 3339 requires it, IsDateTime checks it. */
const ENDS_IN_OFFSET = /(?:[Zz]|[+-]\d\d:\d\d)$/;

/**
 * The X-Client-Time a request sent, checked for sanity against the server's `now`, or null when
 * it sent none (the server's time stands then). Refused, naming the header: anything but one
 * RFC 3339 time with an offset; a time further ahead of the server than a clock may run fast.
 * One older than a write may wait offline is marked `tooOld`, for `refuseTooOld`.
 */
export function clientTimeOf(sent: string | string[] | undefined, now: Date): ClientTime | null {
  if (sent === undefined) return null;
  const at = typeof sent === 'string' && IsDateTime(sent) && ENDS_IN_OFFSET.test(sent) ? Date.parse(sent) : Number.NaN;
  if (Number.isNaN(at)) {
    refuse(
      `The ${CLIENT_TIME_HEADER} header must be one RFC 3339 time with an offset, like 2026-11-26T23:50:00+01:00.`,
    );
  }
  if (at > now.getTime() + CLIENT_TIME_MAX_AHEAD_MS) {
    refuse(
      `The ${CLIENT_TIME_HEADER} header is more than ${minutes(CLIENT_TIME_MAX_AHEAD_MS)} minutes ahead of the server's clock.`,
    );
  }
  return { at: new Date(at), day: (sent as string).slice(0, 10), tooOld: at < now.getTime() - CLIENT_TIME_MAX_AGE_MS };
}

/** Refuses a new command whose client time is `tooOld`, naming the header. */
export function refuseTooOld(clientTime: ClientTime | undefined) {
  if (clientTime?.tooOld) {
    refuse(`The ${CLIENT_TIME_HEADER} header is more than ${days(CLIENT_TIME_MAX_AGE_MS)} days in the past.`);
  }
}

function refuse(message: string): never {
  throw new ValidationFailed({ [CLIENT_TIME_HEADER]: [message] });
}

const minutes = (ms: number) => ms / 60_000;
const days = (ms: number) => ms / 86_400_000;
