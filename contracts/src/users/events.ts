import { createHash } from 'node:crypto';

import type { ClientSettings } from './client-settings.ts';
import type { OnboardingStatus } from './onboarding.ts';
import type { ProfileChanges } from './profile-changes.ts';

/**
 * Facts about one user. Stream: `user-<userId>`. At schema version 1, except UserProfileUpdated
 * (version 2, see userProfileUpdatedV1toV2).
 */

export type Role = 'admin' | 'user';

export type TokenKind = 'session' | 'personal';

export type UserEvent =
  | {
      type: 'UserRegistered';
      /**
       * `passwordHash` is null for an account made through Google sign-in, which has no password.
       * Widened from string without a new version: every event written before is still this shape.
       */
      data: {
        userId: string;
        name: string;
        email: string;
        passwordHash: string | null;
        role: Role;
        registeredAt: string;
      };
    }
  /**
   * A bearer token: a sign-in on a device (`kind` session, named after the browser and system)
   * or a personal access token the user made for a script (`kind` personal, named by them).
   * Tokens issued before `kind` existed are sessions.
   */
  | {
      type: 'AccessTokenIssued';
      data: {
        userId: string;
        tokenId: string;
        tokenHash: string;
        name: string;
        kind?: TokenKind;
        issuedAt: string;
        expiresAt: string;
      };
    }
  /**
   * The token stops working: signed out, revoked by a password change or reset, or (`reason`
   * idle) found unused for longer than the session timeout, so that raising the timeout later
   * does not bring it back. Revocations written before `reason` existed have none.
   */
  | { type: 'AccessTokenRevoked'; data: { userId: string; tokenId: string; revokedAt: string; reason?: 'idle' } }
  /**
   * The token was used at `usedAt`, for the session timeout and the token list's "last used".
   * Throttled: recorded when the read model's last use is older than a few minutes, not per request.
   */
  | { type: 'TokenUsed'; data: { userId: string; tokenId: string; usedAt: string } }
  /** The client settings the user changed (only those), so they follow them to every device. */
  | { type: 'ClientSettingsChanged'; data: { userId: string; changes: Partial<ClientSettings>; changedAt: string } }
  /**
   * The weekly report of the week starting `weekStart` went to the user (recorded before it is
   * mailed, so two servers never both send it).
   */
  | { type: 'WeeklyReportSent'; data: { userId: string; weekStart: string; sentAt: string } }
  | { type: 'UserRoleChanged'; data: { userId: string; role: Role; changedAt: string } }
  /**
   * The user signed in through Google for the first time with this Google account (`subject`,
   * Google's stable id), whose address Google verified: the email counts as verified from now on.
   */
  | { type: 'GoogleAccountLinked'; data: { userId: string; subject: string; email: string; linkedAt: string } }
  /**
   * Google vouched for the address of an account whose address nobody had proved before: whoever
   * registered it with a password may have been someone else, so the account goes to the address's
   * owner without that password (and without a reset link mailed before). In the same append its
   * tokens are revoked (AccessTokenRevoked), its push subscriptions removed (PushSubscriptionRemoved,
   * reason reclaimed) and the Google account linked (GoogleAccountLinked), which verifies the address.
   */
  | { type: 'UnverifiedAccountReclaimed'; data: { userId: string; reclaimedAt: string } }
  /** The user opened the signed link mailed to `email`, so they read mail there. */
  | { type: 'EmailVerified'; data: { userId: string; email: string; verifiedAt: string } }
  /**
   * A password reset link was mailed. Only the SHA-256 of its token is kept (the token has 256
   * random bits), so the log never holds a usable link. A newer request replaces an older one.
   */
  | {
      type: 'PasswordResetRequested';
      data: { userId: string; tokenHash: string; requestedAt: string; expiresAt: string };
    }
  /**
   * The password was set through the reset link, which is used up. Every token of the user is
   * revoked in the same append (AccessTokenRevoked), so each device signs in again.
   */
  | { type: 'PasswordReset'; data: { userId: string; passwordHash: string; resetAt: string } }
  /**
   * The signed-in user changed their password. Their other tokens are revoked in the same append
   * (AccessTokenRevoked); a reset link mailed before is used up too.
   */
  | { type: 'PasswordChanged'; data: { userId: string; passwordHash: string; changedAt: string } }
  | { type: 'UserProfileUpdated'; data: { userId: string; changes: ProfileChanges; updatedAt: string } }
  /**
   * Where the first-day onboarding stands now: a step reached (where it resumes), skipped or
   * done. A new account starts at the first step, in the append that registers it.
   */
  | { type: 'OnboardingChanged'; data: { userId: string; status: OnboardingStatus; changedAt: string } }
  /**
   * The account is closed for good: every read model drops what the user owned, their tokens
   * stop working and their email may be registered again. Carries no personal data itself.
   */
  | { type: 'UserDeleted'; data: { userId: string; deletedAt: string } }
  /**
   * Everything the user wrote is gone from the event log too; this stream keeps only the
   * deletion and this record, which hold no personal data.
   */
  | { type: 'UserErased'; data: { userId: string; erasedAt: string; streams: number } }
  /**
   * A browser of the user's subscribed to web push (or subscribed again with new keys: the same
   * endpoint keeps its id). `timeZone` (IANA) is the browser's, for reminders at a local hour.
   */
  | {
      type: 'PushSubscriptionAdded';
      data: {
        userId: string;
        subscriptionId: string;
        endpoint: string;
        keys: { p256dh: string; auth: string };
        timeZone: string;
        addedAt: string;
      };
    }
  /**
   * unsubscribed: the user turned push off there; gone: the push service said it no longer exists;
   * reclaimed: the account went to its address's owner (UnverifiedAccountReclaimed), and a browser
   * someone else subscribed must not receive their records. `reclaimed` widened the reason without
   * a new version: every event written before is still this shape.
   */
  | {
      type: 'PushSubscriptionRemoved';
      data: {
        userId: string;
        subscriptionId: string;
        reason: 'unsubscribed' | 'gone' | 'reclaimed';
        removedAt: string;
      };
    };

export const GENDERS = ['male', 'female', 'other'] as const;
export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const;
export const GOALS = ['lose_weight', 'gain_weight', 'maintain_weight', 'build_muscle', 'improve_fitness'] as const;

/**
 * UserProfileUpdated version 1 named its changes as the HTTP API does (`birth_date`,
 * `activity_level`), unlike every other event's data; version 2 uses camelCase. Frozen: it
 * turns exactly the version 1 shape into exactly the version 2 shape.
 */
export function userProfileUpdatedV1toV2(data: Record<string, unknown>): Record<string, unknown> {
  const { birth_date, activity_level, ...same } = data.changes as Record<string, unknown>;
  return {
    ...data,
    changes: {
      ...same,
      ...(birth_date !== undefined && { birthDate: birth_date }),
      ...(activity_level !== undefined && { activityLevel: activity_level }),
    },
  };
}

export type UserEventType = UserEvent['type'];

export const userEventTypes: readonly UserEventType[] = [
  'UserRegistered',
  'AccessTokenIssued',
  'AccessTokenRevoked',
  'TokenUsed',
  'ClientSettingsChanged',
  'WeeklyReportSent',
  'UserRoleChanged',
  'GoogleAccountLinked',
  'UnverifiedAccountReclaimed',
  'EmailVerified',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'UserProfileUpdated',
  'OnboardingChanged',
  'UserDeleted',
  'UserErased',
  'PushSubscriptionAdded',
  'PushSubscriptionRemoved',
];

export const pushSubscriptionEventTypes: readonly UserEventType[] = [
  'PushSubscriptionAdded',
  'PushSubscriptionRemoved',
];

/** The event after which every projection forgets the documents the user owned. */
export const USER_DELETED: UserEventType = 'UserDeleted';

/**
 * Email uniqueness lives on the write side: each address owns one reservation stream, appended
 * with "no stream" so two concurrent registrations cannot both win. The stream name hashes the
 * normalised address so it never leaks the address itself into stream listings.
 */
export type EmailReservationEvent = {
  type: 'EmailReserved';
  data: { email: string; userId: string; reservedAt: string };
};

/** The first user of an empty system becomes admin; this stream decides who was first. */
export type FirstAdminEvent = { type: 'FirstAdminClaimed'; data: { userId: string; claimedAt: string } };

/**
 * Who the admins are, as the write side counts them so that the last one never leaves, however
 * many command services run: the stream's fold is the set of admins. Each entry names the account
 * (`adminId`, not `userId`: the erasure takes the streams whose events name a user, and this one
 * is everyone's) and `roleVersion`, the version of the account's role (how many times it was
 * set or ended: registration, role changes, deletion) the entry stands for: the one that made
 * them admin, or the one their departure makes. An account's entry of the higher version holds,
 * the later one on a tie, so an entry that comes late never undoes a newer one.
 * `AdminsCounted` starts the stream from the users read model, for data older than the stream.
 * Stream: ADMINS_STREAM. At schema version 1.
 */
export type AdminsEvent =
  | { type: 'AdminsCounted'; data: { adminIds: string[]; countedAt: string } }
  | { type: 'AdminSeatTaken'; data: { adminId: string; roleVersion: number; takenAt: string } }
  | { type: 'AdminSeatLeft'; data: { adminId: string; roleVersion: number; leftAt: string } };

export const userStream = (userId: string) => `user-${userId}`;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const emailReservationStream = (email: string) =>
  `email-${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
export const FIRST_ADMIN_STREAM = 'system-first-admin';
export const ADMINS_STREAM = 'system-admins';
