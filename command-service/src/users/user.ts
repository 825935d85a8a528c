import type { Role, UserEvent } from '@fitness/contracts';

export type UserState = {
  registered: boolean;
  passwordHash: string | null;
  role: Role;
  tokens: Set<string>;
};

export const initialUserState = (): UserState => ({
  registered: false,
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
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled user event ${JSON.stringify(unhandled)}`);
    }
  }
}
