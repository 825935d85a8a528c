import { ValidationFailed } from '@fitness/platform/errors.ts';
import type { FastifyRequest } from 'fastify';
import { clientTimeOf } from './client-time.ts';
import type { CommandContext } from './command-handler.ts';
import { newId, uuidFromName } from './ids.ts';

/**
 * The context of a command sent over HTTP. A signed-in client may send `Idempotency-Key` to make
 * a retry safe; the key is scoped to the caller so two users' keys never collide. A guest's key
 * is not used: guests share no identity a key could be scoped by, so one guest's key would name
 * another guest's command (a registration replayed as the first admin's). A guest's retry is a
 * new command, which registration and sign-in answer safely (the email is taken; a new session).
 *
 * A client may also send `X-Client-Time`, the moment the user acted, checked for sanity here
 * (see clientTimeOf). It is no part of the command's identity: a retry with the same key is the
 * same command whatever time it carries, and finds the first attempt's outcome.
 */
export function commandContext(request: FastifyRequest, now: Date): CommandContext {
  const scope = idempotencyScope(request);
  const commandId = scope ? uuidFromName(scope) : newId();
  return {
    actorId: request.auth?.id ?? null,
    commandId,
    correlationId: request.id,
    now,
    ...clientTimeField(request, now),
    freshCommandId: scope ? undefined : commandId,
  };
}

/** The header's time as the context's `clientTime`, absent when the request sent none. */
function clientTimeField(request: FastifyRequest, now: Date) {
  const clientTime = clientTimeOf(request.headers['x-client-time'], now);
  return clientTime ? { clientTime } : {};
}

/**
 * The id of something a request creates (a workout, a set, a food): random, but derived from
 * the Idempotency-Key when the request carries one, so a retried request names the same thing,
 * finds its command done, and answers with what the first attempt made rather than a second
 * copy or an id that exists nowhere. `what` tells apart several things one request creates.
 */
export function createdId(request: FastifyRequest, what: string): string {
  const scope = idempotencyScope(request);
  return scope ? uuidFromName(`${scope}:${what}`) : newId();
}

/**
 * The request's Idempotency-Key scoped to its caller (`actor:key`), or null when it sends none
 * or comes from a guest.
 */
function idempotencyScope(request: FastifyRequest) {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length === 0 || key.length > 200) {
    throw new ValidationFailed({ 'Idempotency-Key': ['The Idempotency-Key header must be 1 to 200 characters.'] });
  }
  const actorId = request.auth?.id;
  return actorId ? `${actorId}:${key}` : null;
}
