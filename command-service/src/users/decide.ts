import type { ProfileChanges, Role, UserEvent } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { AccountNotDeleted, UserAlreadyRegistered, UserNotFound } from './errors.ts';
import { decideAddPushSubscription, decideRemovePushSubscription } from './push-subscriptions.ts';
import { evolveUser, initialUserState, type PushSubscription, type UserState } from './user.ts';

export type IssuedToken = { tokenId: string; tokenHash: string; name: string; expiresAt: string };

type Base = { userId: string; at: string };

export type UserCommand =
  | (Base & { type: 'Register'; name: string; email: string; passwordHash: string; role: Role; token: IssuedToken })
  | (Base & { type: 'IssueToken'; token: IssuedToken })
  | (Base & { type: 'RevokeToken'; tokenId: string })
  /** The token was used at `at` (the authenticator records it, throttled). */
  | (Base & { type: 'RecordTokenUse'; tokenId: string })
  | (Base & { type: 'ChangeRole'; role: Role })
  | (Base & { type: 'UpdateProfile'; changes: ProfileChanges })
  | (Base & { type: 'DeleteAccount' })
  /** `subscriptionId` is used when the endpoint is new; a known endpoint keeps its id. */
  | (Base & { type: 'AddPushSubscription'; subscriptionId: string } & PushSubscription)
  | (Base & { type: 'RemovePushSubscription'; subscriptionId: string; reason: 'unsubscribed' | 'gone' })
  | (Base & { type: 'RecordErasure'; streams: number });

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const { userId, at } = command;
  if (command.type === 'Register') {
    if (state.registered) throw new UserAlreadyRegistered();
    const { name, email, passwordHash, role, token } = command;
    return [
      { type: 'UserRegistered', data: { userId, name, email, passwordHash, role, registeredAt: at } },
      { type: 'AccessTokenIssued', data: { userId, ...token, issuedAt: at } },
    ];
  }
  if (command.type === 'RecordErasure') {
    // After the erasure the stream starts at the deletion: the registration itself is gone.
    if (!state.deleted) throw new AccountNotDeleted();
    return state.erased ? [] : [{ type: 'UserErased', data: { userId, erasedAt: at, streams: command.streams } }];
  }
  if (command.type === 'RecordTokenUse') {
    // A use of a token that is gone (or of an account that is) records nothing, and neither
    // does one no later than the use recorded already (a late or repeated report).
    const token = state.deleted ? undefined : state.tokens.get(command.tokenId);
    if (!token || token.expiresAt <= at || at <= token.lastUsedAt) return [];
    return [{ type: 'TokenUsed', data: { userId, tokenId: command.tokenId, usedAt: at } }];
  }
  if (!state.registered || state.deleted) throw new UserNotFound();
  switch (command.type) {
    case 'IssueToken':
      return [{ type: 'AccessTokenIssued', data: { userId, ...command.token, issuedAt: at } }];
    case 'RevokeToken':
      // Revoking a token that is already gone is done already.
      return state.tokens.has(command.tokenId)
        ? [{ type: 'AccessTokenRevoked', data: { userId, tokenId: command.tokenId, revokedAt: at } }]
        : [];
    case 'UpdateProfile':
      return Object.keys(command.changes).length === 0
        ? []
        : [{ type: 'UserProfileUpdated', data: { userId, changes: command.changes, updatedAt: at } }];
    case 'ChangeRole':
      return state.role === command.role
        ? []
        : [{ type: 'UserRoleChanged', data: { userId, role: command.role, changedAt: at } }];
    case 'DeleteAccount':
      return [{ type: 'UserDeleted', data: { userId, deletedAt: at } }];
    case 'AddPushSubscription':
      return decideAddPushSubscription(command, state);
    case 'RemovePushSubscription':
      return decideRemovePushSubscription(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled user command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
