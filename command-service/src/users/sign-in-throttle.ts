import { RateLimited } from '@fitness/contracts';

/** Wrong passwords an account takes before each further attempt has to wait. */
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60_000;
/** A record this long untouched is forgotten, so an account is not held back by last week's typos. */
const FORGET_AFTER_MS = 24 * 3_600_000;
/** Accounts remembered at most, so guessing at endless made-up emails cannot fill the memory. */
const MAX_ACCOUNTS = 100_000;

export class TooManySignInAttempts extends RateLimited {
  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(`Too many wrong passwords for this account. Please try again in ${seconds} seconds.`, seconds);
  }
}

type Failures = { count: number; lastAt: number; allowedFrom: number };

/**
 * Wrong passwords per account, whatever address they come from: the first few are free, then
 * each attempt waits twice as long as the one before (1 s, 2 s, 4 s... up to 15 minutes), and
 * the right password clears it. An attempt that comes too early is refused without even looking
 * at the password. Kept in this process's memory: a restart forgets it, and several command
 * service instances each count their own (the per-address limit still holds across them).
 */
export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();

  /** Throws TooManySignInAttempts while the account must wait. */
  check(account: string, now: Date) {
    const record = this.current(keyOf(account), now.getTime());
    if (record && record.allowedFrom > now.getTime()) {
      throw new TooManySignInAttempts(record.allowedFrom - now.getTime());
    }
  }

  failed(account: string, now: Date) {
    const key = keyOf(account);
    const at = now.getTime();
    const count = (this.current(key, at)?.count ?? 0) + 1;
    const delay = count < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (count - FREE_FAILURES));
    // Re-inserted so the map's order is the order of last use, and the oldest goes first when full.
    this.failures.delete(key);
    this.failures.set(key, { count, lastAt: at, allowedFrom: at + delay });
    if (this.failures.size > MAX_ACCOUNTS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  succeeded(account: string) {
    this.failures.delete(keyOf(account));
  }

  private current(key: string, at: number) {
    const record = this.failures.get(key);
    if (record && at - record.lastAt > FORGET_AFTER_MS) {
      this.failures.delete(key);
      return undefined;
    }
    return record;
  }
}

/** Emails are compared as people type them: the case and surrounding spaces do not make a new account. */
function keyOf(account: string) {
  return account.trim().toLowerCase();
}
