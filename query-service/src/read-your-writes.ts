import { type Admitted, admit } from '@fitness/platform/admission.ts';
import { readPosition } from '@fitness/platform/own-writes.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QueryServices } from './services.ts';

/**
 * A preHandler for signed-in reads of some read models: authenticates (admins only where `who`
 * says so), then waits for the user's writes (see `waitForOwnWrites`).
 */
export function signedInRead(services: QueryServices, models: string[], who: Admitted = 'user') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await admit(services.authenticator, request, who);
    await waitForOwnWrites(services, models, request, reply);
  };
}

/**
 * For an authenticated read: when the client sends X-Min-Position (the position its last write
 * answered with), or this process remembers a write of the user's (see OwnWrites), waits until
 * the models reflect it. The wait is bounded: after the timeout the read answers with what
 * there is and says so in `X-Read-Consistent: false`.
 */
async function waitForOwnWrites(
  services: QueryServices,
  models: string[],
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const position = readPosition(request, services.ownWrites);
  if (position === 0) return;
  const reached = await services.progress.waitFor(models, position, services.readYourWritesTimeoutMs);
  if (!reached) reply.header('X-Read-Consistent', 'false');
}
