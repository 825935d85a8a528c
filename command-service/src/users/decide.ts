import {
  type ClientSettings,
  contradictingGoals,
  FIRST_ONBOARDING_STEP,
  MAX_PERSONAL_TOKENS,
  normaliseEmail,
  type OnboardingStatus,
  type ProfileChanges,
  type Role,
  sameClientSetting,
  type TokenKind,
  type UserEvent,
} from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import {
  AccountNotDeleted,
  ContradictingGoals,
  EmailConfirmationIncorrect,
  LastAdmin,
  LastAdminDeletion,
  LastAdminDemotion,
  PasswordIncorrect,
  PasswordRequired,
  PasswordResetLinkInvalid,
  RoleChangedMeanwhile,
  TooManyPersonalTokens,
  UserAlreadyRegistered,
  UserNotFound,
  VerificationLinkExpired,
  VerificationLinkForOtherEmail,
  VerificationLinkInvalid,
} from './errors.ts';
import {
  decideAddPushSubscription,
  decideRemovePushSubscription,
  type PushSubscriptionGiven,
  removePushSubscriptions,
} from './push-subscriptions/push-subscriptions.ts';
import { emailVerified, evolveUser, initialUserState, type UserState } from './user.ts';

/** A new reset link within this long of the last one is not mailed: one address is not flooded. */
const PASSWORD_RESET_INTERVAL_MS = 60_000;

export type IssuedToken = { tokenId: string; tokenHash: string; name: string; kind: TokenKind; expiresAt: string };

type Base = { userId: string; at: string };

/**
 * What the admins' claim (AdminSeats) was told before an account left or lost a role: the
 * account's role version as read then, and whether it gave up an admin seat (which only an
 * admin has, and only while another admin stays). The command is decided only while that
 * version stands: a role set meanwhile is RoleChangedMeanwhile, and the claim is made again.
 */
export type SeatRelease = { roleVersion: number; released: boolean };

/** The Google account a sign-in came through: its subject, and the address Google verified. */
export type GoogleAccount = { subject: string; email: string };

export type UserCommand =
  | (Base & { type: 'Register'; name: string; email: string; passwordHash: string; role: Role; token: IssuedToken })
  /** A new account from a Google sign-in: no password, the Google account linked, signed in. */
  | (Base & { type: 'RegisterWithGoogle'; name: string; role: Role; google: GoogleAccount; token: IssuedToken })
  | (Base & { type: 'IssueToken'; token: IssuedToken })
  /**
   * Signing in to an existing account through Google: links the Google account if it is new. An
   * account whose address was never verified is reclaimed for the address's owner.
   */
  | (Base & { type: 'SignInWithGoogle'; google: GoogleAccount; token: IssuedToken })
  | (Base & { type: 'RevokeToken'; tokenId: string })
  /** The token was used at `at` (the authenticator records it, throttled). */
  | (Base & { type: 'RecordTokenUse'; tokenId: string })
  /** The authenticator found the token unused since `lastUsedAt`, for longer than the session timeout. */
  | (Base & { type: 'RevokeIdleToken'; tokenId: string; lastUsedAt: string })
  /** The operator sets the role at the console (`npm run users`), the last admin's too. */
  | (Base & { type: 'ChangeRole'; role: Role; release: SeatRelease })
  /** An admin sets the role from the admin screens: the last admin is not demoted. */
  | (Base & { type: 'AdminChangeRole'; role: Role; release: SeatRelease })
  /** Profile fields, and where the onboarding stands now (when it moved on). */
  | (Base & { type: 'UpdateProfile'; changes: ProfileChanges; onboarding?: OnboardingStatus })
  | (Base & { type: 'ChangeClientSettings'; changes: Partial<ClientSettings> })
  /** The weekly report of the week starting `weekStart` (YYYY-MM-DD) is about to be mailed. */
  | (Base & { type: 'RecordWeeklyReport'; weekStart: string })
  | (Base & { type: 'DeleteAccount' })
  /**
   * The owner closes their account, confirmed by their password (whether the one typed matched,
   * null when none was typed) or, for an account without one (made through Google), by its email
   * address typed out. The last admin's account stays.
   */
  | (Base & { type: 'DeleteOwnAccount'; passwordMatches: boolean | null; email?: string; release: SeatRelease })
  /** An admin closes a user's account, without its password; the last admin's account stays. */
  | (Base & { type: 'AdminDeleteAccount'; release: SeatRelease })
  /** The signed verification link for `email`, valid until `expiresAt`, was opened at `at`. */
  | (Base & { type: 'VerifyEmail'; email: string; expiresAt: string })
  /** A reset link is mailed with a fresh token; only its hash is recorded. */
  | (Base & { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string })
  /** The reset link's token (hashed) sets a new password (hashed) and signs out every device. */
  | (Base & { type: 'ResetPassword'; tokenHash: string; passwordHash: string })
  /** The signed-in user, their current password checked, sets a new one; only `keepTokenId` stays signed in. */
  | (Base & { type: 'ChangePassword'; passwordHash: string; keepTokenId: string })
  /** `subscriptionId` is used when the endpoint is new; a known endpoint keeps its id. */
  | (Base & { type: 'AddPushSubscription'; subscriptionId: string } & PushSubscriptionGiven)
  | (Base & { type: 'RemovePushSubscription'; subscriptionId: string; reason: 'unsubscribed' | 'gone' })
  | (Base & { type: 'RecordErasure'; streams: number });

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const { userId, at } = command;
  if (command.type === 'Register') {
    if (state.registered) throw new UserAlreadyRegistered();
    const { name, email, passwordHash, role, token } = command;
    return [
      { type: 'UserRegistered', data: { userId, name, email, passwordHash, role, registeredAt: at } },
      onboardingStarted(userId, at),
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
      onboardingStarted(userId, at),
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
  if (command.type === 'RevokeIdleToken') {
    // Nothing for a token (or an account) that is gone already, nor for one whose use another
    // process recorded after the authenticator looked: it is not idle after all.
    const token = state.deleted ? undefined : state.tokens.get(command.tokenId);
    if (!token || token.lastUsedAt > command.lastUsedAt) return [];
    return [{ type: 'AccessTokenRevoked', data: { userId, tokenId: command.tokenId, revokedAt: at, reason: 'idle' } }];
  }
  if (command.type === 'VerifyEmail') {
    // Told as a bad link, not a missing user: the link is all the person holding it knows.
    if (!state.registered || state.deleted) throw new VerificationLinkInvalid();
    if (command.expiresAt <= at) throw new VerificationLinkExpired();
    if (normaliseEmail(command.email) !== normaliseEmail(state.email)) throw new VerificationLinkForOtherEmail();
    // Opening the link again is harmless.
    if (emailVerified(state)) return [];
    return [{ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: at } }];
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
      const linked: UserEvent = { type: 'GoogleAccountLinked', data: { userId, ...command.google, linkedAt: at } };
      if (!emailVerified(state)) {
        // Nobody proved the address before Google did: the password may be a stranger's who
        // registered it first. The owner gets the account with no way in left for anyone else.
        return [
          { type: 'UnverifiedAccountReclaimed', data: { userId, reclaimedAt: at } },
          ...revokeTokens(state, userId, at, () => true),
          ...removePushSubscriptions(state, userId, at, 'reclaimed'),
          linked,
          issued,
        ];
      }
      return state.googleSubject === command.google.subject ? [issued] : [linked, issued];
    }
    case 'RevokeToken':
      // Revoking a token that is already gone is done already.
      return state.tokens.has(command.tokenId)
        ? [{ type: 'AccessTokenRevoked', data: { userId, tokenId: command.tokenId, revokedAt: at } }]
        : [];
    case 'UpdateProfile': {
      if (contradictingGoals(command.changes.goals ?? [])) throw new ContradictingGoals();
      const events: UserEvent[] = [];
      if (Object.keys(command.changes).length > 0) {
        events.push({ type: 'UserProfileUpdated', data: { userId, changes: command.changes, updatedAt: at } });
      }
      if (command.onboarding !== undefined && command.onboarding !== state.onboarding) {
        events.push({ type: 'OnboardingChanged', data: { userId, status: command.onboarding, changedAt: at } });
      }
      return events;
    }
    case 'ChangeClientSettings': {
      // Only what really changes: a device echoing back what another one set writes nothing.
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => !sameClientSetting(state.settings[key as keyof ClientSettings], value),
        ),
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
    case 'AdminChangeRole':
      if (command.role !== 'admin') leavesAsReleased(state, command.release, LastAdminDemotion);
      return state.role === command.role
        ? []
        : [{ type: 'UserRoleChanged', data: { userId, role: command.role, changedAt: at } }];
    case 'DeleteAccount':
      return [{ type: 'UserDeleted', data: { userId, deletedAt: at } }];
    case 'DeleteOwnAccount':
      // A session left open on a shared computer must not be enough to erase a year of training.
      if (state.passwordHash) {
        if (command.passwordMatches === null) throw new PasswordRequired();
        if (!command.passwordMatches) throw new PasswordIncorrect();
      } else if (!command.email || normaliseEmail(command.email) !== normaliseEmail(state.email)) {
        throw new EmailConfirmationIncorrect();
      }
      leavesAsReleased(state, command.release, LastAdmin);
      return decideUser({ type: 'DeleteAccount', userId, at }, state);
    case 'AdminDeleteAccount':
      leavesAsReleased(state, command.release, LastAdminDeletion);
      return decideUser({ type: 'DeleteAccount', userId, at }, state);
    case 'RequestPasswordReset': {
      const last = state.passwordReset?.requestedAt;
      if (last && Date.parse(at) - Date.parse(last) < PASSWORD_RESET_INTERVAL_MS) return [];
      const { tokenHash, expiresAt } = command;
      return [{ type: 'PasswordResetRequested', data: { userId, tokenHash, requestedAt: at, expiresAt } }];
    }
    case 'ResetPassword': {
      // Wrong, expired and used-up links are told alike: the answer reveals nothing about the account.
      const reset = state.passwordReset;
      if (!reset || reset.tokenHash !== command.tokenHash || reset.expiresAt <= at) {
        throw new PasswordResetLinkInvalid();
      }
      return [
        { type: 'PasswordReset', data: { userId, passwordHash: command.passwordHash, resetAt: at } },
        ...revokeTokens(state, userId, at, () => true),
      ];
    }
    case 'ChangePassword':
      return [
        { type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, changedAt: at } },
        ...revokeTokens(state, userId, at, (tokenId) => tokenId !== command.keepTokenId),
      ];
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

/**
 * Someone must be left to run the place (`npm run users -- promote` is there if not): an admin
 * leaves only with the seat the admins' claim let go, which it lets go only while another admin
 * holds one. A departure decided on a role that has changed since is decided again (the
 * account may have become an admin meanwhile, or stopped being one); an admin who gave up no
 * seat is refused.
 */
function leavesAsReleased(state: UserState, release: SeatRelease, refusal: new () => Error) {
  if (state.roleVersion !== release.roleVersion) throw new RoleChangedMeanwhile();
  if (state.role === 'admin' && !release.released) throw new refusal();
}

/** A new account starts the first-day onboarding at its first step. */
const onboardingStarted = (userId: string, at: string): UserEvent => ({
  type: 'OnboardingChanged',
  data: { userId, status: FIRST_ONBOARDING_STEP, changedAt: at },
});

/** Sign-outs of the user's live tokens that `chosen` picks (an expired one is over already). */
function revokeTokens(state: UserState, userId: string, at: string, chosen: (tokenId: string) => boolean): UserEvent[] {
  return [...state.tokens]
    .filter(([tokenId, token]) => token.expiresAt > at && chosen(tokenId))
    .map(([tokenId]) => ({ type: 'AccessTokenRevoked', data: { userId, tokenId, revokedAt: at } }));
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
