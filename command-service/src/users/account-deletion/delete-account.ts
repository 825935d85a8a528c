import type { FastifyReply, FastifyRequest } from 'fastify';
import { type NamedUserCommand, namedUserCommandRunner, requestContext } from '../../core/command-route.ts';
import type { CommandServices } from '../../services.ts';
import type { Departure } from '../admins/decide.ts';
import { type SeatRelease, type UserCommand, userDecider } from '../decide.ts';
import type { UserState } from '../user.ts';
import { users, usersHold } from '../user-stream.ts';

/** How long a deletion waits for the user's other writes under way (an import, say). */
const WRITES_DRAIN_MS = 30_000;

type Deletion = Extract<UserCommand, { type: 'DeleteOwnAccount' | 'AdminDeleteAccount' }>;

/**
 * Deletes an account, by its owner or by an admin, as the user decider decides `deletion`, an
 * admin's seat given up first for `departure` (see AdminSeats: the last admin's is refused). No
 * new write of the user's is let in from then on, and the `ownWrites` under way besides the
 * deleting request's own are waited for, so nothing of theirs is written after the deletion.
 * Answers once the account is gone from the read side, so its tokens are refused from there on;
 * what they wrote then leaves the event log in the background (see AccountErasure). Resolves
 * with the position.
 */
export async function deleteAccount(
  services: CommandServices,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { userId: string; state: UserState; ownWrites: number },
  departure: Departure,
  deletion: (release: SeatRelease) => NamedUserCommand<Deletion>,
) {
  const { userId, state } = account;
  const context = requestContext(request, services.clock);
  // Decided first on the state read here, as if the seat were given up, so a refused deletion (a
  // wrong password) neither gives up an admin's seat nor closes the account to writes; the
  // command route decides again on the state it appends after.
  const unrefused = { roleVersion: state.roleVersion, released: true };
  userDecider.decide({ ...deletion(unrefused), at: context.now.toISOString() }, state);
  const { position } = await services.adminSeats.change(userId, departure, context, async (release) => {
    await services.writes.close(userId, account.ownWrites, WRITES_DRAIN_MS);
    return namedUserCommandRunner(services)(users, request, reply, deletion(release)).catch((error) => {
      services.writes.reopen(userId);
      throw error;
    });
  });
  await usersHold(services, position);
  void services.erasure.start(userId);
  return position;
}
