import {
  type ClientSettings,
  clientSettingsOf,
  normaliseEmail,
  type OnboardingStatus,
  type Role,
  type TokenKind,
  type UserEvent,
} from '@fitness/contracts';

export type UserState = {
  registered: boolean;
  /** Deleted accounts stay in the log but take no more commands. */
  deleted: boolean;
  /** What a deleted user wrote is gone from the log too. */
  erased: boolean;
  /** Null for an account made through Google sign-in: no password signs in to it. */
  passwordHash: string | null;
  /** The Google account (its subject) last used to sign in, if any. */
  googleSubject: string | null;
  role: Role;
  /**
   * How many times the role was set or ended (registration, each role change, the deletion): the
   * admins' claim names the version it saw, and a departure writes only while it still stands.
   */
  roleVersion: number;
  /** Name and address, for the account mails. */
  name: string;
  email: string;
  /** The address the user last proved they read mail at; null until they did. */
  verifiedEmail: string | null;
  /** The reset link mailed last (its token's hash), until it is used, expires or the password changes. */
  passwordReset: { tokenHash: string; requestedAt: string; expiresAt: string } | null;
  /** The live tokens by id: their kind, when each expires and when it was last used (ISO 8601). */
  tokens: Map<string, { kind: TokenKind; expiresAt: string; lastUsedAt: string }>;
  /** The client settings, the defaults where the user changed nothing. */
  settings: ClientSettings;
  /** The first day of the latest week whose report was sent (YYYY-MM-DD). */
  lastWeeklyReport: string | null;
  /** The browsers subscribed to push, by subscription id. */
  pushSubscriptions: Map<string, KeptPushSubscription>;
  /** Where the first-day onboarding stands; null for an account made before there was one. */
  onboarding: OnboardingStatus | null;
};

export type PushSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; timeZone: string };

/** A subscription as the state keeps it: when it was first added, whatever changed since. */
type KeptPushSubscription = PushSubscription & { addedAt: string };

export const initialUserState = (): UserState => ({
  registered: false,
  deleted: false,
  erased: false,
  passwordHash: null,
  googleSubject: null,
  role: 'user',
  roleVersion: 0,
  name: '',
  email: '',
  verifiedEmail: null,
  passwordReset: null,
  tokens: new Map(),
  settings: clientSettingsOf(undefined),
  lastWeeklyReport: null,
  pushSubscriptions: new Map(),
  onboarding: null,
});

/** Whether the user proved they read mail at the account's address (a link opened, or Google's word). */
export const emailVerified = (state: UserState) =>
  state.verifiedEmail !== null && normaliseEmail(state.verifiedEmail) === normaliseEmail(state.email);

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        registered: true,
        passwordHash: event.data.passwordHash,
        role: event.data.role,
        roleVersion: state.roleVersion + 1,
        name: event.data.name,
        email: event.data.email,
      };
    case 'AccessTokenIssued': {
      const { tokenId, expiresAt, issuedAt, kind = 'session' } = event.data;
      return { ...state, tokens: new Map(state.tokens).set(tokenId, { kind, expiresAt, lastUsedAt: issuedAt }) };
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
    case 'ClientSettingsChanged':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'WeeklyReportSent':
      return { ...state, lastWeeklyReport: event.data.weekStart };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role, roleVersion: state.roleVersion + 1 };
    case 'GoogleAccountLinked':
      // Google vouched for the address: no verification mail is needed for it.
      return {
        ...state,
        googleSubject: event.data.subject,
        verifiedEmail: state.verifiedEmail ?? event.data.email,
      };
    case 'UnverifiedAccountReclaimed':
      return { ...state, passwordHash: null, passwordReset: null };
    case 'EmailVerified':
      return { ...state, verifiedEmail: event.data.email };
    case 'PasswordResetRequested': {
      const { tokenHash, requestedAt, expiresAt } = event.data;
      return { ...state, passwordReset: { tokenHash, requestedAt, expiresAt } };
    }
    case 'PasswordReset':
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, passwordReset: null };
    case 'UserProfileUpdated':
      return { ...state, name: event.data.changes.name ?? state.name };
    case 'OnboardingChanged':
      return { ...state, onboarding: event.data.status };
    case 'UserDeleted':
      return {
        ...state,
        deleted: true,
        roleVersion: state.roleVersion + 1,
        tokens: new Map(),
        pushSubscriptions: new Map(),
      };
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
