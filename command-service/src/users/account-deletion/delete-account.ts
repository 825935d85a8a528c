import type { FastifyReply, FastifyRequest } from 'fastify';
import { type NamedUserCommand, namedUserCommandRunner, requestContext } from '../../core/command-route.ts';
import type { CommandServices } from '../../services.ts';
import { type AdminCount, type UserCommand, userDecider } from '../decide.ts';
import type { UserState } from '../user.ts';
import { users, usersHold } from '../user-stream.ts';

/** How long a deletion waits for the user's other writes under way (an import, say). */
const WRITES_DRAIN_MS = 30_000;

type Deletion = Extract<UserCommand, { type: 'DeleteOwnAccount' | 'AdminDeleteAccount' }>;

/**
 * Deletes an account, by its owner or by an admin, as the user decider decides `deletion` given
 * the admins counted (an admin leaving is counted with the others' departures). No new write of
 * the user's is let in from then on, and the `ownWrites` under way besides the deleting request's
 * own are waited for, so nothing of theirs is written after the deletion. Answers once the
 * account is gone from the read side, so its tokens are refused from there on; what they wrote
 * then leaves the event log in the background (see AccountErasure). Resolves with the position.
 */
export async function deleteAccount(
  services: CommandServices,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { userId: string; state: UserState; ownWrites: number },
  deletion: (admins: AdminCount) => NamedUserCommand<Deletion>,
) {
  const { userId, state } = account;
  const { position } = await services.adminDepartures.run(state.role === 'admin', async (admins) => {
    const command = deletion(admins);
    // Decided first on the state read here, so a refused deletion never closes the account to
    // writes; the command route decides again on the state it appends after.
    userDecider.decide({ ...command, at: requestContext(request, services.clock).now.toISOString() }, state);
    await services.writes.close(userId, account.ownWrites, WRITES_DRAIN_MS);
    return namedUserCommandRunner(services)(users, request, reply, command).catch((error) => {
      services.writes.reopen(userId);
      throw error;
    });
  });
  await usersHold(services, position);
  void services.erasure.start(userId);
  return position;
}
