import type { Role, UserEvent } from '@fitness/contracts';

export type UserState = {
  registered: boolean;
  /** Deleted accounts stay in the log but take no more commands. */
  deleted: boolean;
  /** What a deleted user wrote is gone from the log too. */
  erased: boolean;
  passwordHash: string | null;
  role: Role;
  /** The live tokens by id: when each expires and when it was last used (ISO 8601). */
  tokens: Map<string, { expiresAt: string; lastUsedAt: string }>;
  /** The browsers subscribed to push, by subscription id. */
  pushSubscriptions: Map<string, KeptPushSubscription>;
};

export type PushSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; timeZone: string };

/** A subscription as the state keeps it: when it was first added, whatever changed since. */
type KeptPushSubscription = PushSubscription & { addedAt: string };

export const initialUserState = (): UserState => ({
  registered: false,
  deleted: false,
  erased: false,
  passwordHash: null,
  role: 'user',
  tokens: new Map(),
  pushSubscriptions: new Map(),
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, registered: true, passwordHash: event.data.passwordHash, role: event.data.role };
    case 'AccessTokenIssued': {
      const { tokenId, expiresAt, issuedAt } = event.data;
      return { ...state, tokens: new Map(state.tokens).set(tokenId, { expiresAt, lastUsedAt: issuedAt }) };
    }
    case 'AccessTokenRevoked': {
      const tokens = new Map(state.tokens);
      tokens.delete(event.data.tokenId);
      return { ...state, tokens };
    }
    case 'TokenUsed': {
      const { tokenId, usedAt } = event.data;
      const token = state.tokens.get(tokenId);
      if (!token || token.lastUsedAt >= usedAt) return state;
      return { ...state, tokens: new Map(state.tokens).set(tokenId, { ...token, lastUsedAt: usedAt }) };
    }
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserProfileUpdated':
      return state;
    case 'UserDeleted':
      return { ...state, deleted: true, tokens: new Map(), pushSubscriptions: new Map() };
    case 'UserErased':
      return { ...state, erased: true };
    case 'PushSubscriptionAdded': {
      const { subscriptionId, endpoint, keys, timeZone, addedAt } = event.data;
      const first = state.pushSubscriptions.get(subscriptionId)?.addedAt ?? addedAt;
      return {
        ...state,
        pushSubscriptions: new Map(state.pushSubscriptions).set(subscriptionId, {
          endpoint,
          keys,
          timeZone,
          addedAt: first,
        }),
      };
    }
    case 'PushSubscriptionRemoved': {
      const pushSubscriptions = new Map(state.pushSubscriptions);
      pushSubscriptions.delete(event.data.subscriptionId);
      return { ...state, pushSubscriptions };
    }
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled user event ${JSON.stringify(unhandled)}`);
    }
  }
}
