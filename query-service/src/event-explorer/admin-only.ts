import { DomainError } from '@fitness/contracts';
import { type Authenticator, requireUser } from '@fitness/platform/authentication.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class AdminOnly extends DomainError {
  constructor() {
    super('forbidden', 'Only admins may do this.');
  }
}

/**
 * A hook for admin routes: 401 without a valid token, 403 for a user who is not an admin. The
 * role is read from the users read model on every request, so a demotion takes effect at once.
 */
export function adminOnly(authenticator: Authenticator) {
  const signedIn = requireUser(authenticator);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (request.auth?.role !== 'admin') throw new AdminOnly();
  };
}
