import type { Role } from '@fitness/contracts';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { runUserCommand } from './user-stream.ts';

/**
 * Roles set from outside the API: `npm run users -- promote|demote` and tests. The last-admin
 * rule is the admin screens' (AdminChangeRole); at the console, `promote` is how a place left
 * without an admin gets one, and the operator may demote anyone.
 */
export function userRoles(handler: CommandHandler) {
  return {
    /** Sets the role; resolves with the position of the change (or of the user's last event, when it changed nothing). */
    async changeRole(userId: string, role: Role, context: CommandContext) {
      const command = { type: 'ChangeRole', userId, role, at: context.now.toISOString() } as const;
      return (await runUserCommand(handler, command, context)).position;
    },
  };
}
