import type { Role, UserEvent } from '@fitness/contracts';

export type UserState = {
  registered: boolean;
  /** Deleted accounts stay in the log but take no more commands. */
  deleted: boolean;
  /** What a deleted user wrote is gone from the log too. */
  erased: boolean;
  passwordHash: string | null;
  role: Role;
  tokens: Set<string>;
};

export const initialUserState = (): UserState => ({
  registered: false,
  deleted: false,
  erased: false,
  passwordHash: null,
  role: 'user',
  tokens: new Set(),
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true, passwordHash: event.data.passwordHash, role: event.data.role };
    case 'AccessTokenIssued':
      return { ...state, tokens: new Set(state.tokens).add(event.data.tokenId) };
    case 'AccessTokenRevoked': {
      const tokens = new Set(state.tokens);
      tokens.delete(event.data.tokenId);
      return { ...state, tokens };
    }
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserProfileUpdated':
      return state;
    case 'UserDeleted':
      return { ...state, deleted: true, tokens: new Set() };
    case 'UserErased':
      return { ...state, erased: true };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled user event ${JSON.stringify(unhandled)}`);
    }
  }
}
