import { CLIENT_TIME_HEADER, CLIENT_TIME_MAX_AGE_MS, CLIENT_TIME_MAX_AHEAD_MS, DomainError } from '@fitness/contracts';
import { describe, expect, it } from 'vitest';
import { clientTimeOf, refuseTooOld } from './client-time.ts';

const now = new Date('2026-11-27T00:10:00.000Z');

/** The field message a refused time answers with. */
function refusal(sent: string | string[]) {
  try {
    refuseTooOld(clientTimeOf(sent, now) ?? undefined);
  } catch (error) {
    if (error instanceof DomainError) return error.fieldErrors?.[CLIENT_TIME_HEADER]?.[0];
    throw error;
  }
  throw new Error(`${String(sent)} was accepted`);
}

const offsetBy = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('a client time of action (X-Client-Time)', () => {
  it('is absent when none was sent: the server time stands', () => {
    expect(clientTimeOf(undefined, now)).toBeNull();
  });

  it("is the moment sent, and the day as written in the client's offset", () => {
    const sent = clientTimeOf('2026-11-27T00:50:00+01:00', now);
    expect(sent?.at.toISOString()).toBe('2026-11-26T23:50:00.000Z');
    expect(sent?.day).toBe('2026-11-27');
    expect(clientTimeOf('2026-11-26T18:50:00-05:00', now)?.day).toBe('2026-11-26');
  });

  it('accepts the bounds themselves: a clock as fast as allowed, a write as old as allowed', () => {
    expect(clientTimeOf(offsetBy(CLIENT_TIME_MAX_AHEAD_MS), now)?.at.getTime()).toBe(
      now.getTime() + CLIENT_TIME_MAX_AHEAD_MS,
    );
    expect(clientTimeOf(offsetBy(-CLIENT_TIME_MAX_AGE_MS), now)?.at.getTime()).toBe(
      now.getTime() - CLIENT_TIME_MAX_AGE_MS,
    );
  });

  it('refuses a time further ahead than a clock may run fast', () => {
    expect(refusal(offsetBy(CLIENT_TIME_MAX_AHEAD_MS + 1000))).toBe(
      "The X-Client-Time header is more than 5 minutes ahead of the server's clock.",
    );
  });

  it('marks a time older than a write may wait offline, which a new command is refused for', () => {
    expect(clientTimeOf(offsetBy(-CLIENT_TIME_MAX_AGE_MS - 1000), now)?.tooOld).toBe(true);
    expect(clientTimeOf(offsetBy(-CLIENT_TIME_MAX_AGE_MS), now)?.tooOld).toBe(false);
    expect(refusal(offsetBy(-CLIENT_TIME_MAX_AGE_MS - 1000))).toBe(
      'The X-Client-Time header is more than 7 days in the past.',
    );
  });

  it('refuses anything but one RFC 3339 time with an offset', () => {
    const shape = 'The X-Client-Time header must be one RFC 3339 time with an offset, like 2026-11-26T23:50:00+01:00.';
    for (const sent of [
      '2026-11-27T00:05:00', // no offset: whose day would it be?
      '2026-11-27',
      'yesterday',
      '1795740600000',
      '2026-11-31T00:05:00Z', // no such day
      '2026-11-27T00:05:00+01:00[Europe/Berlin]',
      '',
    ]) {
      expect(refusal(sent), sent).toBe(shape);
    }
    expect(refusal(['2026-11-27T00:05:00Z', '2026-11-27T00:06:00Z'])).toBe(shape);
  });
});
