import { type ProjectionProgress, parseToken, secretMatches, type UserDocument } from '@fitness/contracts';
import type { EventStore, ReadStore } from '@fitness/stores';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthenticated, ValidationFailed } from './errors.ts';

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

  constructor(options: AuthenticationOptions) {
    this.options = options;
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
    if (token.expires_at <= (this.options.now?.() ?? new Date()).toISOString()) return null;
    return { id: user.id, role: user.role, tokenId, user };
  }
}

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

/** A preHandler that lets only signed-in users through and sets `request.auth`. */
export function requireUser(authenticator: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = await authenticator.authenticate(bearerToken(request), minPosition(request));
    if (!auth) throw new Unauthenticated();
    request.auth = auth;
  };
}
