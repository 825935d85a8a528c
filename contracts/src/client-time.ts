/**
 * The moment the user acted, sent with a write that may have waited offline (a set logged in a
 * basement gym reaches the server when the signal returns): RFC 3339 with the client's offset,
 * e.g. `2026-11-26T23:50:00+01:00`. The server records it as the time of the action (a set's
 * logged time, a workout's end and duration, a meal entry's or water's time) and takes the day
 * a new workout counts for from its date as written, in the client's offset. Without it, the
 * server's time of arrival stands. A header rather than a body field: every write carries it the
 * same way, whatever its body (and DELETEs have none).
 */
export const CLIENT_TIME_HEADER = 'X-Client-Time';

/** How far ahead of the server's clock a client's time may be: a clock a little fast, not a future. */
export const CLIENT_TIME_MAX_AHEAD_MS = 5 * 60_000;

/** How long a write may have waited to be sent: a week offline; older is a wrong clock more likely than a gym. */
export const CLIENT_TIME_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
