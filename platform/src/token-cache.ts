import { SYSTEM_SETTINGS_MODEL } from '@fitness/contracts';
import { LRUCache } from 'lru-cache';
import type { ChangeNotices } from './change-notices.ts';

/** How long a token's answer is kept at most: a safety net, since every change drops it at once. */
export const TOKEN_CACHE_MS = 5_000;

/** The users whose tokens are kept, the most recently seen; each user's few tokens are kept together. */
export const TOKEN_CACHE_USERS = 10_000;

type Kept<T> = { value: T; expiresAt: number };

/**
 * What the authenticator found for each token a moment ago, so that a user's next requests skip
 * reading and checking it (the users document, the hash of the secret, the token's expiry and
 * the settings). Each answer is dropped the moment the users read model announces a change to
 * its user (a sign-out, a token revoked or used, a password or role changed, the account
 * deleted), all of them when the system settings change (the session timeout), and any after
 * TOKEN_CACHE_MS or at the token's expiry.
 *
 * Only for a process that hears those notices as they are committed (the embedded server, where
 * the projections run): a write that revokes a token answers once the users read model has it,
 * and the notice reaches this cache before that, so the very next request is refused. A
 * separately deployed service hears of changes later than the read model has them, if at all,
 * and reads the model on every request instead.
 */
export class TokenCache<T> {
  /** By user id, then by the whole token (id and secret): a user's tokens are dropped together. */
  private readonly users: LRUCache<string, Map<string, Kept<T>>>;
  /** Counts the changes heard that may drop an answer, so an answer a change overtook is not kept. */
  private changes = 0;

  /** `now`: the authenticator's clock (epoch ms), which tests may hold still or move on. */
  constructor(notices: ChangeNotices, now: () => number) {
    // ttlResolution 0: the clock is read at each look (a Date), where lru-cache's default keeps it
    // a millisecond with a timer set for every refresh, which under load is a timer a millisecond.
    this.users = new LRUCache({ max: TOKEN_CACHE_USERS, ttl: TOKEN_CACHE_MS, ttlResolution: 0, perf: { now } });
    notices.onChange((notice) => {
      if (notice.model === 'users') this.users.delete(notice.id);
      else if (notice.model === SYSTEM_SETTINGS_MODEL) this.users.clear();
      else return;
      this.changes += 1;
    });
  }

  /** The answer kept for `token` (a whole bearer token) at `now` (epoch ms), if any. */
  get(token: string, now: number): T | undefined {
    const tokens = this.users.get(token.slice(0, token.indexOf('.')));
    const kept = tokens?.get(token);
    return kept && kept.expiresAt > now ? kept.value : undefined;
  }

  /** Where the changes heard stand: pass it to `set` with an answer read after it. */
  version() {
    return this.changes;
  }

  /**
   * Keeps `value` for `token` of `userId` until `expiresAt` (epoch ms) at most, unless a change
   * was heard since `version` (the read that found it may have missed that change).
   */
  set(userId: string, token: string, value: T, expiresAt: number, version: number) {
    if (version !== this.changes) return;
    let tokens = this.users.get(userId);
    if (!tokens) {
      tokens = new Map();
      this.users.set(userId, tokens);
    }
    tokens.set(token, { value, expiresAt });
  }
}
