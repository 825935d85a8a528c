import {
  type ParsedToken,
  type ProjectionProgress,
  parseToken,
  SESSION_TIMEOUT_BOUNDS,
  SYSTEM_SETTINGS_DOCUMENT_ID,
  SYSTEM_SETTINGS_MODEL,
  type SystemSettings,
  type SystemSettingsDocument,
  secretMatches,
  settingsOfDocument,
  type UserDocument,
} from '@fitness/contracts';
import type { EventStore, ReadStore } from '@fitness/stores';
import type { ChangeNotices } from './change-notices.ts';
import { ServiceUnavailable } from './errors.ts';
import { TokenCache } from './token-cache.ts';

export type AuthenticatedUser = { id: string; role: UserDocument['role']; tokenId: string; user: UserDocument };

/** Records that a token was used at a moment (a TokenUsed event, through the users decider). */
export type RecordTokenUse = (userId: string, tokenId: string, at: Date) => Promise<unknown>;

/**
 * Revokes a token found idle since `lastUsedAt` (an AccessTokenRevoked event, reason idle, unless
 * a later use was recorded meanwhile); resolves the position the users read model must reach.
 */
export type RevokeIdleToken = (userId: string, tokenId: string, lastUsedAt: Date, at: Date) => Promise<number>;

/** Where a failed record of a token's use is reported. */
export type AuthenticationLogger = { warn(details: object, message: string): void };

export type AuthenticationOptions = {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** Position of the newest event; a token unknown to the read model is re-checked once it is there. */
  headPosition: () => Promise<number>;
  waitMs: number;
  now?: () => Date;
  /** Makes a token's last use durable; without it, only this process remembers it. */
  recordTokenUse?: RecordTokenUse;
  /** Makes an idle token's refusal final; without it, raising the timeout would bring the token back. */
  revokeIdleToken?: RevokeIdleToken;
  logger?: AuthenticationLogger;
  /**
   * The projections' change notices, in the process that runs them: then the system settings,
   * and each token's answer for a few seconds, are kept between requests and dropped when they
   * change.
   */
  changes?: ChangeNotices;
};

/**
 * Resolves a bearer token to its user through the `users` read model. A token issued a moment
 * ago may not be projected yet; rather than answer 401 to a user who just signed in, an unknown
 * token waits (bounded) for the read model to reach the head of the log and is checked again.
 */
export class Authenticator {
  private readonly options: AuthenticationOptions;
  /**
   * When each token was last used as this process saw it. The read model's `last_used_at` (the
   * TokenUsed events) is the durable one, shared by every process and surviving restarts, but it
   * is recorded at most once per throttle window: a token is idle after the later of the two.
   */
  private readonly lastUsed = new Map<string, number>();
  /** When this process last asked to record each token's use, so it asks once per window. */
  private readonly recordedAt = new Map<string, number>();
  private prunedAt = 0;
  /** The idle tokens this process is revoking, so requests arriving together revoke once. */
  private readonly revoking = new Map<string, Promise<void>>();
  /**
   * The system settings, kept from one read to their next change where this process hears of
   * changes (the embedded server): every request's checks read them.
   */
  private settings: Readonly<SystemSettings> | undefined;
  /** Counts the settings' changes heard, so a read that a change overtook is not kept. */
  private settingsChanges = 0;
  /** The tokens let through a moment ago, where this process hears of changes (see TokenCache). */
  private readonly tokens: TokenCache<LetThrough> | undefined;

  constructor(options: AuthenticationOptions) {
    this.options = options;
    this.tokens = options.changes ? new TokenCache(options.changes, () => this.now().getTime()) : undefined;
    options.changes?.onChange((notice) => {
      if (notice.model !== SYSTEM_SETTINGS_MODEL) return;
      this.settings = undefined;
      this.settingsChanges += 1;
    });
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  /** The system settings from their read model (the defaults until an admin changed one). */
  async systemSettings(): Promise<Readonly<SystemSettings>> {
    if (this.settings) return this.settings;
    const changesBefore = this.settingsChanges;
    const document = await this.options.readStore.get<SystemSettingsDocument>(
      SYSTEM_SETTINGS_MODEL,
      SYSTEM_SETTINGS_DOCUMENT_ID,
    );
    const settings = Object.freeze(settingsOfDocument(document));
    if (this.options.changes && changesBefore === this.settingsChanges) this.settings = settings;
    return settings;
  }

  /** The system settings when this process knows them without a read (see `settings`), else undefined. */
  knownSettings() {
    return this.settings;
  }

  async authenticate(token: string | undefined, minPosition = 0): Promise<AuthenticatedUser | null> {
    const parsed = token ? parseToken(token) : null;
    if (!token || !parsed) return null;
    if (minPosition > 0) await this.options.progress.waitFor(['users'], minPosition, this.options.waitMs);
    // Past the wait, the kept answers are as current as the read model it waited for.
    const known = this.knownAuthentication(token);
    if (known) return known;
    const found = await this.lookup(token, parsed);
    if (found !== 'unknown' && !isIdle(found)) return found;
    // Not in the read model yet (issued a moment ago), or idle by what it holds while another
    // process's record of a recent use may still be on its way: check again at the log's head.
    // A read model that cannot reach the head in time (a server still catching up with a long
    // log after a start, projections that are down) cannot tell: 401 would sign out someone
    // who registered or signed in a moment ago, so the answer is "try again" instead.
    const head = await this.options.headPosition();
    if (!(await this.options.progress.waitFor(['users'], head, this.options.waitMs))) {
      throw new ServiceUnavailable(CATCHING_UP);
    }
    const retried = await this.lookup(token, parsed);
    if (isIdle(retried)) await this.revokeIdle(parsed.userId, parsed.tokenId, retried.lastUsed);
    return retried === 'unknown' || isIdle(retried) ? null : retried;
  }

  /**
   * What `authenticate` answers when this process knows it without a read or a wait: a token
   * let through a moment ago (see TokenCache), its use marked as any use is, and no position to
   * wait for. Undefined otherwise.
   */
  knownAuthentication(token: string | undefined, minPosition = 0): AuthenticatedUser | undefined {
    if (!token || minPosition > 0 || !this.tokens) return undefined;
    const now = this.now().getTime();
    const kept = this.tokens.get(token, now);
    if (!kept || this.useOrIdle(kept.auth.id, kept.auth.tokenId, kept.recordedUse, now, kept.timeoutMs)) {
      return undefined;
    }
    return kept.auth;
  }

  private async lookup(token: string, { userId, tokenId, secret }: ParsedToken) {
    const version = this.tokens?.version() ?? 0;
    const user = await this.options.readStore.get<UserDocument>('users', userId);
    const found = user?.tokens.find((t) => t.id === tokenId);
    if (!user || !found) return 'unknown';
    if (!secretMatches(secret, found.hash)) return null;
    const now = this.now();
    if (found.expires_at <= now.toISOString()) return null;
    const timeoutMs = (await this.systemSettings()).session_timeout_minutes * 60_000;
    // A document projected before tokens carried their last use falls back to the creation.
    const recordedUse = Date.parse(found.last_used_at ?? found.created_at) || 0;
    const idle = this.useOrIdle(userId, tokenId, recordedUse, now.getTime(), timeoutMs);
    if (idle) return idle;
    const auth: AuthenticatedUser = { id: user.id, role: user.role, tokenId, user };
    this.tokens?.set(userId, token, { auth, recordedUse, timeoutMs }, Date.parse(found.expires_at), version);
    return auth;
  }

  /**
   * The token's last use once it went unused for longer than the session timeout; else null,
   * the token marked used now, and the use recorded when the recorded one (`recordedUse`) is
   * older than the throttle window.
   */
  private useOrIdle(userId: string, tokenId: string, recordedUse: number, now: number, timeoutMs: number) {
    const last = Math.max(recordedUse, this.lastUsed.get(tokenId) ?? 0);
    if (now - last > timeoutMs) return { lastUsed: last } satisfies Idle;
    this.lastUsed.set(tokenId, Math.max(last, now));
    const throttleMs = Math.min(MAX_RECORD_THROTTLE_MS, timeoutMs / 4);
    if (now - recordedUse > throttleMs) this.record(userId, tokenId, now, throttleMs);
    if (this.lastUsed.size > PRUNE_ABOVE && now - this.prunedAt > 3_600_000) this.prune(now);
    return null;
  }

  /**
   * Revokes a token found idle, so that raising the session timeout later does not bring it back;
   * the refusal waits until the users read model has dropped it. Only its first refusal writes:
   * then the token is unknown, and a repeat finds it gone on the write side and writes nothing.
   */
  private async revokeIdle(userId: string, tokenId: string, lastUsed: number) {
    const { revokeIdleToken, progress, waitMs, logger } = this.options;
    if (!revokeIdleToken) return;
    let revoking = this.revoking.get(tokenId);
    if (!revoking) {
      revoking = revokeIdleToken(userId, tokenId, new Date(lastUsed), this.now())
        .then(async (position) => {
          await progress.waitFor(['users'], position, waitMs);
        })
        .catch((error) => {
          // Refused all the same; the next refusal asks again.
          logger?.warn({ err: error, userId, tokenId }, 'revoking an idle token failed');
        })
        .finally(() => this.revoking.delete(tokenId));
      this.revoking.set(tokenId, revoking);
    }
    await revoking;
  }

  /** Records a use without making the request wait; once per token and window in this process. */
  private record(userId: string, tokenId: string, now: number, throttleMs: number) {
    const { recordTokenUse, logger } = this.options;
    if (!recordTokenUse) return;
    const asked = this.recordedAt.get(tokenId);
    if (asked !== undefined && now - asked <= throttleMs) return;
    this.recordedAt.set(tokenId, now);
    const at = new Date(now);
    Promise.resolve()
      .then(() => recordTokenUse(userId, tokenId, at))
      .catch((error) => {
        // The next window asks again; this process still remembers the use meanwhile.
        logger?.warn({ err: error, userId, tokenId, usedAt: at.toISOString() }, 'recording a token use failed');
      });
  }

  /**
   * Forgets tokens idle for longer than any timeout allows. Safe: a forgotten token falls back
   * to its recorded last use, and it was idle for too long either way.
   */
  private prune(now: number) {
    this.prunedAt = now;
    const longest = SESSION_TIMEOUT_BOUNDS.maximum * 60_000;
    for (const [tokenId, last] of this.lastUsed) if (now - last > longest) this.lastUsed.delete(tokenId);
    for (const [tokenId, asked] of this.recordedAt) if (now - asked > longest) this.recordedAt.delete(tokenId);
  }
}

/** A token unused for longer than the session timeout, and when it was last used (epoch ms). */
type Idle = { lastUsed: number };

/** What is kept of a token let through: the answer, and what the check of its next use needs. */
type LetThrough = { auth: AuthenticatedUser; recordedUse: number; timeoutMs: number };

const isIdle = (found: AuthenticatedUser | Idle | null | 'unknown'): found is Idle =>
  typeof found === 'object' && found !== null && 'lastUsed' in found;

/** How many tokens' last use the authenticator remembers before it forgets the long-dead ones. */
const PRUNE_ABOVE = 50_000;

/** The longest a token's recorded last use may lag behind its real one (a quarter of the timeout if less). */
const MAX_RECORD_THROTTLE_MS = 5 * 60_000;

/** The answer to a token the users read model cannot tell yet (see `authenticate`). */
export const CATCHING_UP = 'The server is still catching up with recent changes. Please try again in a moment.';

/** How long an unknown token waits for the users read model before the server says it cannot tell. */
export const AUTH_WAIT_MS = 2000;

/**
 * The authenticator of a server (the embedded one or a service): tokens checked against the
 * users read model, an unknown one waiting for `progress` to reach the head of the event log;
 * `recordTokenUse` makes the session timeout's last use durable and `revokeIdleToken` an idle
 * token's refusal final (every server that writes passes both).
 */
export function createAuthenticator(
  stores: { eventStore: EventStore; readStore: ReadStore },
  progress: ProjectionProgress,
  options: {
    now?: () => Date;
    recordTokenUse?: RecordTokenUse;
    revokeIdleToken?: RevokeIdleToken;
    logger?: AuthenticationLogger;
    changes?: ChangeNotices;
  } = {},
) {
  return new Authenticator({
    readStore: stores.readStore,
    progress,
    headPosition: () => stores.eventStore.headPosition(),
    waitMs: AUTH_WAIT_MS,
    ...options,
  });
}
