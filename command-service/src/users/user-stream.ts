import { type UserDocument, type UserEvent, userStream } from '@fitness/contracts';
import { type ProjectionProgress, usersProjection } from '@fitness/projections';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import type { Aggregate } from '../core/command-route.ts';
import { type UserCommand, userDecider } from './decide.ts';
import type { UserState } from './user.ts';

/** The user aggregate as the routes write to it: one stream per user, answered with the users read model's document. */
export const users: Aggregate<UserCommand, UserEvent, UserState, UserDocument> = {
  decider: userDecider,
  streamOf: (command) => userStream(command.userId),
  view: usersProjection,
};

/**
 * Waits (at most the services' consistency timeout) for the users read model to hold `position`,
 * so that a route answers once the read side has its change: a token revoked is refused from the
 * next request on (and its sockets close), a role changed is the one the next request sees.
 */
export function usersHold(services: { progress: ProjectionProgress; consistencyTimeoutMs: number }, position: number) {
  return services.progress.waitFor(['users'], position, services.consistencyTimeoutMs);
}

/**
 * A user command run where no request is: the tools, the authenticator's ports, the mails and
 * erasures that run in the background. Requests run theirs through the command route. Nothing
 * here answers with the user's document, so no view is folded.
 */
export function runUserCommand(handler: CommandHandler, command: UserCommand, context: CommandContext) {
  return handler.handle(users.decider, users.streamOf(command), command, context);
}

/** The user as their stream holds them now, for what a route must know before its command (a password to check). */
export async function userStateOf(handler: CommandHandler, userId: string): Promise<UserState> {
  const history = await handler.readStream(userStream(userId));
  return history.reduce((state, event) => userDecider.evolve(state, event as never), userDecider.initialState());
}

/** Where a user stands, from their own stream: not written yet, active, or deleted. */
export function standingOf(state: UserState): 'unwritten' | 'active' | 'deleted' {
  if (state.deleted) return 'deleted';
  return state.registered ? 'active' : 'unwritten';
}
