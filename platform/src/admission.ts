import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AuthenticatedUser, Authenticator } from './authentication.ts';
import { Forbidden, Unauthenticated, ValidationFailed } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request is, once a route admitted it. */
    auth: AuthenticatedUser | null;
  }
}

/**
 * Admission: what a request presents (its bearer token, the position its reads must reflect) and
 * whether a route lets it in. Apart from the Authenticator, which only checks tokens, because
 * routes change how they admit (a hook, a call in a handler) without tokens changing.
 */

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

/** Who a route lets through: anyone signed in, or admins only. */
export type Admitted = 'user' | 'admin';

/**
 * Sets `request.auth` to the request's user, or throws: 401 for a guest, 403 for a user where
 * only admins are let through.
 */
export async function admit(authenticator: Authenticator, request: FastifyRequest, who: Admitted = 'user') {
  letThrough(request, await authenticator.authenticate(bearerToken(request), minPosition(request)), who);
}

function letThrough(request: FastifyRequest, auth: AuthenticatedUser | null, who: Admitted) {
  if (!auth) throw new Unauthenticated();
  if (who === 'admin' && auth.role !== 'admin') throw new Forbidden('Only admins may do this.');
  request.auth = auth;
}

/** An onRequest (or preHandler) hook that lets only admins through (401 for guests, 403 for users) and sets `request.auth`. */
export function requireAdmin(authenticator: Authenticator) {
  return admitting(authenticator, 'admin');
}

/** An onRequest (or preHandler) hook that lets only signed-in users through and sets `request.auth`. */
export function requireUser(authenticator: Authenticator) {
  return admitting(authenticator, 'user');
}

/** `admit` as a hook in callback form: every signed-in request passes here, and an async hook costs each a promise more. */
function admitting(authenticator: Authenticator, who: Admitted) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    let known: AuthenticatedUser | undefined;
    try {
      // A token let through a moment ago answers at once, without a promise.
      known = authenticator.knownAuthentication(bearerToken(request), minPosition(request));
      if (known) letThrough(request, known, who);
    } catch (error) {
      return done(error as Error);
    }
    if (known) return done();
    admit(authenticator, request, who).then(() => done(), done);
  };
}
