import type { Role } from '@fitness/contracts';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import type { AdminSeats } from './admins/admin-seats.ts';
import { runUserCommand } from './user-stream.ts';

/**
 * Roles set from outside the API: `npm run users -- promote|demote` and tests. The last-admin
 * rule is the admin screens' (AdminChangeRole); at the console, `promote` is how a place left
 * without an admin gets one (or an admin the admins' claim left out is counted again), and the
 * operator may demote anyone. Either way the admins' claim follows (AdminSeats).
 */
export function userRoles(services: { handler: CommandHandler; adminSeats: AdminSeats }) {
  return {
    /** Sets the role; resolves with the position of the change (or of the user's last event, when it changed nothing). */
    async changeRole(userId: string, role: Role, context: CommandContext) {
      const at = context.now.toISOString();
      const departure = role === 'admin' ? null : 'console';
      const result = await services.adminSeats.change(userId, departure, context, (release) =>
        runUserCommand(services.handler, { type: 'ChangeRole', userId, role, at, release }, context),
      );
      return result.position;
    },
  };
}
