import {
  type ClientSettings,
  MAX_PERSONAL_TOKENS,
  type ProfileChanges,
  type Role,
  type TokenKind,
  type UserEvent,
} from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { AccountNotDeleted, TooManyPersonalTokens, UserAlreadyRegistered, UserNotFound } from './errors.ts';
import { evolveUser, initialUserState, type UserState } from './user.ts';

export type IssuedToken = { tokenId: string; tokenHash: string; name: string; kind: TokenKind; expiresAt: string };

type Base = { userId: string; at: string };

/** The Google account a sign-in came through: its subject, and the address Google verified. */
export type GoogleAccount = { subject: string; email: string };

export type UserCommand =
  | (Base & { type: 'Register'; name: string; email: string; passwordHash: string; role: Role; token: IssuedToken })
  /** A new account from a Google sign-in: no password, the Google account linked, signed in. */
  | (Base & { type: 'RegisterWithGoogle'; name: string; role: Role; google: GoogleAccount; token: IssuedToken })
  | (Base & { type: 'IssueToken'; token: IssuedToken })
  /** Signing in to an existing account through Google: links the Google account if it is new. */
  | (Base & { type: 'SignInWithGoogle'; google: GoogleAccount; token: IssuedToken })
  | (Base & { type: 'RevokeToken'; tokenId: string })
  /** The token was used at `at` (the authenticator records it, throttled). */
  | (Base & { type: 'RecordTokenUse'; tokenId: string })
  | (Base & { type: 'ChangeRole'; role: Role })
  | (Base & { type: 'UpdateProfile'; changes: ProfileChanges })
  | (Base & { type: 'ChangeClientSettings'; changes: Partial<ClientSettings> })
  /** The weekly report of the week starting `weekStart` (YYYY-MM-DD) is about to be mailed. */
  | (Base & { type: 'RecordWeeklyReport'; weekStart: string })
  | (Base & { type: 'DeleteAccount' })
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
  if (command.type === 'RegisterWithGoogle') {
    if (state.registered) throw new UserAlreadyRegistered();
    const { name, role, google, token } = command;
    return [
      {
        type: 'UserRegistered',
        data: { userId, name, email: google.email, passwordHash: null, role, registeredAt: at },
      },
      { type: 'GoogleAccountLinked', data: { userId, ...google, linkedAt: at } },
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
    case 'IssueToken': {
      const personal = [...state.tokens.values()].filter((token) => token.kind === 'personal');
      if (command.token.kind === 'personal' && personal.length >= MAX_PERSONAL_TOKENS) {
        throw new TooManyPersonalTokens();
      }
      return [{ type: 'AccessTokenIssued', data: { userId, ...command.token, issuedAt: at } }];
    }
    case 'SignInWithGoogle': {
      const issued: UserEvent = { type: 'AccessTokenIssued', data: { userId, ...command.token, issuedAt: at } };
      return state.googleSubject === command.google.subject
        ? [issued]
        : [{ type: 'GoogleAccountLinked', data: { userId, ...command.google, linkedAt: at } }, issued];
    }
    case 'RevokeToken':
      // Revoking a token that is already gone is done already.
      return state.tokens.has(command.tokenId)
        ? [{ type: 'AccessTokenRevoked', data: { userId, tokenId: command.tokenId, revokedAt: at } }]
        : [];
    case 'UpdateProfile':
      return Object.keys(command.changes).length === 0
        ? []
        : [{ type: 'UserProfileUpdated', data: { userId, changes: command.changes, updatedAt: at } }];
    case 'ChangeClientSettings': {
      // Only what really changes: a device echoing back what another one set writes nothing.
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => state.settings[key as keyof ClientSettings] !== value),
      );
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'ClientSettingsChanged', data: { userId, changes, changedAt: at } }];
    }
    case 'RecordWeeklyReport':
      // Once per week: a second server, or a second run, finds it sent and sends nothing.
      return state.lastWeeklyReport !== null && state.lastWeeklyReport >= command.weekStart
        ? []
        : [{ type: 'WeeklyReportSent', data: { userId, weekStart: command.weekStart, sentAt: at } }];
    case 'ChangeRole':
      return state.role === command.role
        ? []
        : [{ type: 'UserRoleChanged', data: { userId, role: command.role, changedAt: at } }];
    case 'DeleteAccount':
      return [{ type: 'UserDeleted', data: { userId, deletedAt: at } }];
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
