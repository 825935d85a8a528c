import type { BodyWeightEvent, RecordedEvent, UserDocument, UserEvent } from '@fitness/contracts';
import { bodyWeightEventTypes, shownProfileChanges, userEventTypes, weighedIn } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/**
 * The `users` read model: the user as the API shows it, plus the hashes of their live access
 * tokens, which authentication checks, and each token's last recorded use (the session
 * timeout's, across processes and restarts). Expired tokens are dropped whenever the user changes.
 * Version 2: tokens carry `last_used_at`. Version 4: tokens carry their kind, the document the
 * client settings the user changed, `has_password`, and Google sign-in verifies the email.
 * Version 5: the profile's weight is the latest weigh-in (with its day, `weighed_on`), and the
 * user where their onboarding stands.
 *
 * The weigh-ins come from their own streams, so the document a command on the user stream folds
 * (the command side's answer) has the weight only of events written before weigh-ins were its
 * source: the routes that answer with the user take the weight from the stored document.
 */
export const usersProjection: Projection<UserDocument, UserEvent | BodyWeightEvent> = {
  name: 'users',
  version: 5,
  collection: { name: 'users', indexes: [['email'], ['role']] },
  handles: [...userEventTypes, ...bodyWeightEventTypes],
  documentId: (event) => event.data.userId,
  ownerField: 'id',
  evolve: evolveUser,
};

function evolveUser(
  current: UserDocument | null,
  event: RecordedEvent<UserEvent | BodyWeightEvent>,
): UserDocument | null {
  const at = event.metadata.timestamp;
  if (event.type === 'UserRegistered') {
    const { data } = event;
    return {
      id: data.userId,
      name: data.name,
      email: data.email,
      email_verified_at: null,
      has_password: data.passwordHash !== null,
      role: data.role,
      profile: {
        id: data.userId,
        name: data.name,
        age: null,
        height: null,
        weight: null,
        weighed_on: null,
        activity_level: null,
        goals: [],
        birth_date: null,
        gender: null,
        created_at: data.registeredAt,
        updated_at: data.registeredAt,
      },
      onboarding: null,
      created_at: data.registeredAt,
      updated_at: at,
      tokens: [],
    };
  }
  if (!current) return null;
  const tokens = current.tokens.filter((token) => token.expires_at > at);

  switch (event.type) {
    case 'AccessTokenIssued': {
      const { data } = event;
      return {
        ...current,
        tokens: [
          ...tokens,
          {
            id: data.tokenId,
            hash: data.tokenHash,
            name: data.name,
            kind: data.kind ?? 'session',
            expires_at: data.expiresAt,
            created_at: data.issuedAt,
            last_used_at: data.issuedAt,
          },
        ],
      };
    }
    case 'AccessTokenRevoked':
      return { ...current, tokens: tokens.filter((token) => token.id !== event.data.tokenId) };
    case 'TokenUsed': {
      const { tokenId, usedAt } = event.data;
      // A use is no change to the user: `updated_at` stays.
      return {
        ...current,
        tokens: tokens.map((token) =>
          token.id === tokenId && token.last_used_at < usedAt ? { ...token, last_used_at: usedAt } : token,
        ),
      };
    }
    case 'ClientSettingsChanged':
      // Settings are the user's own business, not a change to the account: `updated_at` stays.
      return { ...current, tokens, settings: { ...current.settings, ...event.data.changes } };
    case 'WeeklyReportSent':
      // The user as the API shows them is unchanged (the same document: nothing is written).
      return current;
    case 'UserRoleChanged':
      return { ...current, tokens, role: event.data.role, updated_at: at };
    case 'GoogleAccountLinked':
      // Google verified the address: the first verification stands.
      return {
        ...current,
        tokens,
        email_verified_at: current.email_verified_at ?? event.data.linkedAt,
        updated_at: at,
      };
    case 'UnverifiedAccountReclaimed':
      // The password is gone; the tokens it ends come as their own revocations.
      return { ...current, tokens, has_password: false, updated_at: at };
    case 'EmailVerified':
      return { ...current, tokens, email_verified_at: event.data.verifiedAt, updated_at: at };
    case 'PasswordResetRequested':
      // Anyone may ask for a reset link for any address: the account itself has not changed.
      return { ...current, tokens };
    case 'PasswordReset':
    case 'PasswordChanged':
      // The hash is the write side's alone; the tokens it ends come as their own revocations.
      // An account made through Google has a password from now on.
      return { ...current, tokens, has_password: true, updated_at: at };
    case 'UserProfileUpdated': {
      const { weight, ...changes } = shownProfileChanges(event.data.changes);
      let profile = { ...current.profile, ...changes, updated_at: at };
      // Written before weigh-ins were the weight's source: it counts as that day's weigh-in.
      const day = event.data.updatedAt.slice(0, 10);
      if (typeof weight === 'number') profile = weighedIn(profile, { date: day, weight });
      else if (weight === null && (profile.weighed_on === null || day >= profile.weighed_on)) {
        profile = { ...profile, weight: null, weighed_on: day };
      }
      // The profile's name is the user's name: the one the app greets and lists.
      return { ...current, tokens, name: changes.name ?? current.name, profile, updated_at: at };
    }
    case 'BodyWeightRecorded': {
      // A weigh-in is logging, like a meal, not a change to the account: `updated_at` stays.
      const profile = weighedIn(current.profile, event.data);
      return profile === current.profile ? current : { ...current, tokens, profile };
    }
    case 'OnboardingChanged':
      // Where the user is in the app, not a change to the account: `updated_at` stays.
      return { ...current, tokens, onboarding: event.data.status };
    case 'UserDeleted':
    case 'UserErased':
      return null;
    // The push_subscriptions read model holds them.
    case 'PushSubscriptionAdded':
    case 'PushSubscriptionRemoved':
      return current;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled user event ${JSON.stringify(unhandled)}`);
    }
  }
}
