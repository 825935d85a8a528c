import {
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated, ValidationFailed } from './errors.ts';

export type AuthenticatedUser = { id: string; role: UserDocument['role']; tokenId: string; user: UserDocument };

export type AuthenticationOptions = {
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** Position of the newest event; a token unknown to the read model is re-checked once it is there. */
  headPosition: () => Promise<number>;
  waitMs: number;
  now?: () => Date;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
}

/**
 * Resolves a bearer token to its user through the `users` read model. A token issued a moment
 * ago may not be projected yet; rather than answer 401 to a user who just signed in, an unknown
 * token waits (bounded) for the read model to reach the head of the log and is checked again.
 */
export class Authenticator {
  private readonly options: AuthenticationOptions;
  /**
   * When each token was last used, for the session timeout. Kept here, in memory, rather than
   * as an event per request (the log would grow by one event per API call) or a throttled
   * "token used" event (a write on the read path of every service). A token this process has
   * not seen counts as used when it was issued or when the process started, whichever is later:
   * a restart gives idle tokens a fresh timeout rather than signing everyone out.
   */
  private readonly lastUsed = new Map<string, number>();
  private readonly startedAt: number;
  private prunedAt = 0;

  constructor(options: AuthenticationOptions) {
    this.options = options;
    this.startedAt = this.now().getTime();
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  /** The system settings from their read model (the defaults until an admin changed one). */
  async systemSettings(): Promise<SystemSettings> {
    const document = await this.options.readStore.get<SystemSettingsDocument>(
      SYSTEM_SETTINGS_MODEL,
      SYSTEM_SETTINGS_DOCUMENT_ID,
    );
    return settingsOfDocument(document);
  }

  async authenticate(token: string | undefined, minPosition = 0): Promise<AuthenticatedUser | null> {
    const parsed = token ? parseToken(token) : null;
    if (!parsed) return null;
    if (minPosition > 0) await this.options.progress.waitFor(['users'], minPosition, this.options.waitMs);
    const found = await this.lookup(parsed.userId, parsed.tokenId, parsed.secret);
    if (found !== 'unknown') return found;
    const head = await this.options.headPosition();
    if (!(await this.options.progress.waitFor(['users'], head, this.options.waitMs))) return null;
    const retried = await this.lookup(parsed.userId, parsed.tokenId, parsed.secret);
    return retried === 'unknown' ? null : retried;
  }

  private async lookup(userId: string, tokenId: string, secret: string): Promise<AuthenticatedUser | null | 'unknown'> {
    const user = await this.options.readStore.get<UserDocument>('users', userId);
    const token = user?.tokens.find((t) => t.id === tokenId);
    if (!user || !token) return 'unknown';
    if (!secretMatches(secret, token.hash)) return null;
    const now = this.now();
    if (token.expires_at <= now.toISOString()) return null;
    if (!(await this.stillActive(tokenId, token.created_at, now.getTime()))) return null;
    return { id: user.id, role: user.role, tokenId, user };
  }

  /** False once a token went unused for longer than the session timeout; else marks it used now. */
  private async stillActive(tokenId: string, createdAt: string, now: number) {
    const timeoutMs = (await this.systemSettings()).session_timeout_minutes * 60_000;
    const last = this.lastUsed.get(tokenId) ?? Math.max(Date.parse(createdAt) || 0, this.startedAt);
    if (now - last > timeoutMs) return false;
    this.lastUsed.set(tokenId, Math.max(last, now));
    if (this.lastUsed.size > PRUNE_ABOVE && now - this.prunedAt > 3_600_000) this.prune(now);
    return true;
  }

  /**
   * Forgets tokens idle for longer than any timeout allows. Safe: every remembered time is later
   * than the process start, so a forgotten token falls back to a time that is older still.
   */
  private prune(now: number) {
    this.prunedAt = now;
    const longest = SESSION_TIMEOUT_BOUNDS.maximum * 60_000;
    for (const [tokenId, last] of this.lastUsed) if (now - last > longest) this.lastUsed.delete(tokenId);
  }
}

/** How many tokens' last use the authenticator remembers before it forgets the long-dead ones. */
const PRUNE_ABOVE = 50_000;

/** How long an unknown token waits for the users read model before it is refused. */
export const AUTH_WAIT_MS = 2000;

/**
 * The authenticator of a server (the embedded one or a service): tokens checked against the
 * users read model, an unknown one waiting for `progress` to reach the head of the event log.
 */
export function createAuthenticator(
  stores: { eventStore: EventStore; readStore: ReadStore },
  progress: ProjectionProgress,
  now: () => Date = () => new Date(),
) {
  return new Authenticator({
    readStore: stores.readStore,
    progress,
    headPosition: () => stores.eventStore.headPosition(),
    waitMs: AUTH_WAIT_MS,
    now,
  });
}

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** The position a client asks its reads to reflect (read-your-writes); 0 when it asks none. */
export function minPosition(request: FastifyRequest) {
  const raw = request.headers['x-min-position'];
  if (raw === undefined) return 0;
  const value = Number(raw);
  if (typeof raw !== 'string' || !Number.isSafeInteger(value) || value < 0) {
    throw new ValidationFailed({ 'X-Min-Position': ['The X-Min-Position header must be a whole number.'] });
  }
  return value;
}

/** An onRequest hook that lets only admins through (401 for guests, 403 for users) and sets `request.auth`. */
export function requireAdmin(authenticator: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = await authenticator.authenticate(bearerToken(request), minPosition(request));
    if (!auth) throw new Unauthenticated();
    if (auth.role !== 'admin') throw new Forbidden('Only admins may do this.');
    request.auth = auth;
  };
}

/** A preHandler that lets only signed-in users through and sets `request.auth`. */
export function requireUser(authenticator: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = await authenticator.authenticate(bearerToken(request), minPosition(request));
    if (!auth) throw new Unauthenticated();
    request.auth = auth;
  };
}
