import { RateLimited } from '@fitness/contracts';
import { type CounterStore, SqliteCounterStore } from '@fitness/stores';
import { KeyedLock } from '../../core/keyed-lock.ts';

/** Wrong passwords an account takes before each further attempt has to wait. */
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60_000;
/** A record this long untouched is forgotten, so an account is not held back by last week's typos. */
const FORGET_AFTER_MS = 24 * 3_600_000;

export class TooManySignInAttempts extends RateLimited {
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(`Too many wrong passwords for this account. Please try again in ${seconds} seconds.`, seconds);
  }
}

/**
 * Wrong passwords per account, whatever address they come from: the first few are free, then
 * each attempt waits twice as long as the one before (1 s, 2 s, 4 s... up to 15 minutes), and
 * the right password clears it. An attempt that comes too early is refused without even looking
 * at the password. Counted in the counters every command service instance shares, so the next
 * attempt waits whichever instance it reaches (without them, in counters of this process's own).
 *
 * Each failure is a hit on the account's counter with a sliding day-long window: the count is
 * the failures so far, and the window's end, a day after the latest one, tells when that was.
 */
export class SignInThrottle {
  private readonly counters: CounterStore;
  /** Each account's attempts, one at a time in this process. */
  private readonly turns = new KeyedLock();

  constructor(counters: CounterStore = new SqliteCounterStore(':memory:')) {
    this.counters = counters;
  }

  /**
   * One attempt at the account's password: checked, `verify`'d and its outcome recorded, one
   * attempt at a time per account in this process. Without the turns, guesses sent all at once
   * would each pass the check before the first failure was recorded, every one of them verified;
   * with them, what a burst gets past the check is the free failures (plus one per other
   * command service instance at most). Throws TooManySignInAttempts while the account must
   * wait; resolves whether `verify` said the password was right.
   */
  attempt(account: string, now: Date, verify: () => Promise<boolean>): Promise<boolean> {
    return this.turns.run(keyOf(account), async () => {
      await this.check(account, now);
      const right = await verify();
      if (right) await this.succeeded(account);
      else await this.failed(account, now);
      return right;
    });
  }

  /** Throws TooManySignInAttempts while the account must wait. */
  async check(account: string, now: Date) {
    const failures = await this.counters.get(keyOf(account), now);
    if (!failures) return;
    const lastAt = failures.resetAt - FORGET_AFTER_MS;
    const allowedFrom = lastAt + delayAfter(failures.count);
    if (allowedFrom > now.getTime()) throw new TooManySignInAttempts(allowedFrom - now.getTime());
  }

  async failed(account: string, now: Date) {
    await this.counters.hit(keyOf(account), FORGET_AFTER_MS, { now, slide: true });
  }

  async succeeded(account: string) {
    await this.counters.reset(keyOf(account));
  }
}

/** How long the next attempt waits after `count` wrong passwords. */
function delayAfter(count: number) {
  return count < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (count - FREE_FAILURES));
}

/** Emails are compared as people type them: the case and surrounding spaces do not make a new account. */
function keyOf(account: string) {
  return `sign-in-failures:${account.trim().toLowerCase()}`;
}
