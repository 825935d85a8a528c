import assert from 'node:assert/strict';
import { MAX_PERSONAL_TOKENS, type UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { userDecider } from './decide.ts';
import {
  ContradictingGoals,
  PasswordResetLinkInvalid,
  TooManyPersonalTokens,
  UserAlreadyRegistered,
  UserNotFound,
} from './errors.ts';

const spec = specification(userDecider);
const userId = 'u1';
const at = '2026-11-21T10:00:00.000Z';
const token = {
  tokenId: 't1',
  tokenHash: 'h1',
  name: 'Firefox on Linux',
  kind: 'session' as const,
  expiresAt: '2026-12-21T10:00:00.000Z',
};
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'ph', role: 'user', registeredAt: at },
};
const issued: UserEvent = { type: 'AccessTokenIssued', data: { userId, ...token, issuedAt: at } };
const onboarding = (status: 'units' | 'body' | 'goal' | 'skipped' | 'done'): UserEvent => ({
  type: 'OnboardingChanged',
  data: { userId, status, changedAt: at },
});

/** Ada registers with her email and password, as a user. */
const register = {
  type: 'Register',
  userId,
  at,
  name: 'Ada',
  email: 'ada@example.com',
  passwordHash: 'ph',
  role: 'user',
  token,
} as const;

describe('user decider', () => {
  it('registers with a first token, the onboarding at its first step', () => {
    spec
      .given([])
      .when(register)
      .thenEvents([registered, onboarding('units'), issued]);
  });
  it('does not register twice', () => {
    spec.given([registered]).when(register).thenThrows(UserAlreadyRegistered);
  });
  describe('through Google', () => {
    const google = { subject: 'g-123', email: 'ada@example.com' };
    const linked: UserEvent = { type: 'GoogleAccountLinked', data: { userId, ...google, linkedAt: at } };
    it('registers without a password, the Google account linked, signed in', () => {
      spec
        .given([])
        .when({ type: 'RegisterWithGoogle', userId, at, name: 'Ada', role: 'user', google, token })
        .thenEvents([
          {
            type: 'UserRegistered',
            data: { userId, name: 'Ada', email: 'ada@example.com', passwordHash: null, role: 'user', registeredAt: at },
          },
          linked,
          onboarding('units'),
          issued,
        ]);
      spec
        .given([registered])
        .when({ type: 'RegisterWithGoogle', userId, at, name: 'Ada', role: 'user', google, token })
        .thenThrows(UserAlreadyRegistered);
    });
    const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'Ada@Example.com', verifiedAt: at } };
    it('signs in to an account with a verified address, linking a Google account it has not seen', () => {
      spec
        .given([registered, verified])
        .when({ type: 'SignInWithGoogle', userId, at, google, token })
        .thenEvents([linked, issued]);
      spec
        .given([registered, linked])
        .when({ type: 'SignInWithGoogle', userId, at, google, token })
        .thenEvents([issued]);
      const other = { subject: 'g-456', email: 'ada@example.com' };
      spec
        .given([registered, linked])
        .when({ type: 'SignInWithGoogle', userId, at, google: other, token })
        .thenEvents([{ type: 'GoogleAccountLinked', data: { userId, ...other, linkedAt: at } }, issued]);
    });
    describe('to an account whose address was never verified (maybe registered by someone else first)', () => {
      const later = '2026-11-22T10:00:00.000Z';
      const personal = { ...token, tokenId: 'p1', tokenHash: 'hp', name: 'script', kind: 'personal' as const };
      const expired = { ...token, tokenId: 't0', tokenHash: 'h0', expiresAt: at };
      const issue = (issuedToken: typeof token | typeof personal): UserEvent => ({
        type: 'AccessTokenIssued',
        data: { userId, ...issuedToken, issuedAt: at },
      });
      const subscribed: UserEvent = {
        type: 'PushSubscriptionAdded',
        data: {
          userId,
          subscriptionId: 's1',
          endpoint: 'https://push.example.net/theirs',
          keys: { p256dh: 'p', auth: 'a' },
          timeZone: 'UTC',
          addedAt: at,
        },
      };
      const resetAsked: UserEvent = {
        type: 'PasswordResetRequested',
        data: { userId, tokenHash: 'reset', requestedAt: at, expiresAt: '2026-11-23T10:00:00.000Z' },
      };
      const history = [registered, issue(expired), issue(token), issue(personal), subscribed, resetAsked];
      const ownToken = { ...token, tokenId: 't3', tokenHash: 'h3' };
      const signIn = { type: 'SignInWithGoogle', userId, at: later, google, token: ownToken } as const;
      const reclaimed: UserEvent[] = [
        { type: 'UnverifiedAccountReclaimed', data: { userId, reclaimedAt: later } },
        { type: 'AccessTokenRevoked', data: { userId, tokenId: 't1', revokedAt: later } },
        { type: 'AccessTokenRevoked', data: { userId, tokenId: 'p1', revokedAt: later } },
        {
          type: 'PushSubscriptionRemoved',
          data: { userId, subscriptionId: 's1', reason: 'reclaimed', removedAt: later },
        },
        { type: 'GoogleAccountLinked', data: { userId, ...google, linkedAt: later } },
        { type: 'AccessTokenIssued', data: { userId, ...ownToken, issuedAt: later } },
      ];

      it('reclaims it for the owner Google vouches for: no password, every token and push subscription gone', () => {
        spec.given(history).when(signIn).thenEvents(reclaimed);
      });
      it('leaves the password, the reset link and the old tokens useless afterwards, the address verified', () => {
        const after = [...history, ...reclaimed];
        spec
          .given(after)
          .when({ type: 'ResetPassword', userId, at: later, tokenHash: 'reset', passwordHash: 'mine' })
          .thenThrows(PasswordResetLinkInvalid);
        spec
          .given(after)
          .when({ type: 'RecordTokenUse', userId, at: '2026-11-22T11:00:00.000Z', tokenId: 't1' })
          .thenEvents([]);
        spec.given(after).when({ type: 'RevokeToken', userId, at: later, tokenId: 't1' }).thenEvents([]);
        // The owner's next Google sign-in is an ordinary one.
        const next = { ...token, tokenId: 't4', tokenHash: 'h4' };
        spec
          .given(after)
          .when({ ...signIn, token: next })
          .thenEvents([{ type: 'AccessTokenIssued', data: { userId, ...next, issuedAt: later } }]);
        const state = after.reduce(userDecider.evolve, userDecider.initialState());
        assert.equal(state.passwordHash, null);
        assert.deepEqual([...state.tokens.keys()], ['t0', 't3']);
        assert.equal(state.pushSubscriptions.size, 0);
      });
      it('reclaims one with nothing to end just as well, whatever the case of the address Google gives', () => {
        spec
          .given([registered])
          .when({ ...signIn, google: { subject: 'g-999', email: 'ADA@example.com' } })
          .thenEvents([
            { type: 'UnverifiedAccountReclaimed', data: { userId, reclaimedAt: later } },
            {
              type: 'GoogleAccountLinked',
              data: { userId, subject: 'g-999', email: 'ADA@example.com', linkedAt: later },
            },
            { type: 'AccessTokenIssued', data: { userId, ...ownToken, issuedAt: later } },
          ]);
      });
    });
    it('signs in to no account that is gone', () => {
      const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
      spec.given([]).when({ type: 'SignInWithGoogle', userId, at, google, token }).thenThrows(UserNotFound);
      spec
        .given([registered, deleted])
        .when({ type: 'SignInWithGoogle', userId, at, google, token })
        .thenThrows(UserNotFound);
    });
  });
  it('issues tokens only to registered users', () => {
    spec.given([]).when({ type: 'IssueToken', userId, at, token }).thenThrows(UserNotFound);
    spec.given([registered]).when({ type: 'IssueToken', userId, at, token }).thenEvents([issued]);
  });
  it('revokes a live token, and treats revoking a gone one as done', () => {
    spec
      .given([registered, issued])
      .when({ type: 'RevokeToken', userId, at, tokenId: 't1' })
      .thenEvents([{ type: 'AccessTokenRevoked', data: { userId, tokenId: 't1', revokedAt: at } }]);
    spec.given([registered]).when({ type: 'RevokeToken', userId, at, tokenId: 't1' }).thenEvents([]);
  });
  it('caps the personal access tokens a user holds, not their sessions', () => {
    const personal = (n: number): UserEvent => ({
      type: 'AccessTokenIssued',
      data: { userId, ...token, tokenId: `p${n}`, name: `script ${n}`, kind: 'personal', issuedAt: at },
    });
    const fifty = Array.from({ length: MAX_PERSONAL_TOKENS }, (_, n) => personal(n));
    const another = { ...token, tokenId: 'p-new', name: 'one more', kind: 'personal' as const };
    spec
      .given([registered, ...fifty])
      .when({ type: 'IssueToken', userId, at, token: another })
      .thenThrows(TooManyPersonalTokens);
    spec
      .given([registered, ...fifty])
      .when({ type: 'IssueToken', userId, at, token })
      .thenEvents([{ type: 'AccessTokenIssued', data: { userId, ...token, issuedAt: at } }]);
    const revoked: UserEvent = { type: 'AccessTokenRevoked', data: { userId, tokenId: 'p0', revokedAt: at } };
    spec
      .given([registered, ...fifty, revoked])
      .when({ type: 'IssueToken', userId, at, token: another })
      .thenEvents([{ type: 'AccessTokenIssued', data: { userId, ...another, issuedAt: at } }]);
  });
  it('records only the client settings that really change', () => {
    const dark: UserEvent = {
      type: 'ClientSettingsChanged',
      data: { userId, changes: { theme: 'dark' }, changedAt: at },
    };
    spec
      .given([registered])
      .when({ type: 'ChangeClientSettings', userId, at, changes: { theme: 'dark', units: 'metric' } })
      .thenEvents([dark]);
    spec
      .given([registered, dark])
      .when({ type: 'ChangeClientSettings', userId, at, changes: { theme: 'dark' } })
      .thenEvents([]);
    // A list of plates is the same when its plates are, whichever array carries them.
    spec
      .given([registered])
      .when({ type: 'ChangeClientSettings', userId, at, changes: { platesKg: [25, 20, 15, 10, 5, 2.5, 1.25] } })
      .thenEvents([]);
    spec
      .given([registered])
      .when({ type: 'ChangeClientSettings', userId, at, changes: { platesKg: [20, 10, 5] } })
      .thenEvents([
        { type: 'ClientSettingsChanged', data: { userId, changes: { platesKg: [20, 10, 5] }, changedAt: at } },
      ]);
    spec
      .given([])
      .when({ type: 'ChangeClientSettings', userId, at, changes: { theme: 'dark' } })
      .thenThrows(UserNotFound);
  });
  it("records a week's report once, and never an older week after a newer one", () => {
    const sent = (weekStart: string): UserEvent => ({
      type: 'WeeklyReportSent',
      data: { userId, weekStart, sentAt: at },
    });
    spec
      .given([registered])
      .when({ type: 'RecordWeeklyReport', userId, at, weekStart: '2026-11-16' })
      .thenEvents([sent('2026-11-16')]);
    spec
      .given([registered, sent('2026-11-16')])
      .when({ type: 'RecordWeeklyReport', userId, at, weekStart: '2026-11-16' })
      .thenEvents([]);
    spec
      .given([registered, sent('2026-11-16')])
      .when({ type: 'RecordWeeklyReport', userId, at, weekStart: '2026-11-09' })
      .thenEvents([]);
    spec
      .given([registered, sent('2026-11-16')])
      .when({ type: 'RecordWeeklyReport', userId, at, weekStart: '2026-11-23' })
      .thenEvents([sent('2026-11-23')]);
  });
  it('changes the role only when it differs', () => {
    // As registered, with no admin seat given up (see decide-leaving.test.ts for demotions).
    const release = { roleVersion: 1, released: false };
    spec
      .given([registered])
      .when({ type: 'ChangeRole', userId, at, role: 'admin', release })
      .thenEvents([{ type: 'UserRoleChanged', data: { userId, role: 'admin', changedAt: at } }]);
    spec.given([registered]).when({ type: 'ChangeRole', userId, at, role: 'user', release }).thenEvents([]);
  });
  describe('updating the profile', () => {
    it('records the changes, and where the onboarding stands when it moved on', () => {
      spec
        .given([registered, onboarding('units')])
        .when({ type: 'UpdateProfile', userId, at, changes: { height: 170 }, onboarding: 'goal' })
        .thenEvents([
          { type: 'UserProfileUpdated', data: { userId, changes: { height: 170 }, updatedAt: at } },
          onboarding('goal'),
        ]);
      spec
        .given([registered, onboarding('goal')])
        .when({ type: 'UpdateProfile', userId, at, changes: {}, onboarding: 'goal' })
        .thenEvents([]);
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', userId, at, changes: {}, onboarding: 'skipped' })
        .thenEvents([onboarding('skipped')]);
    });
    it('refuses goals that contradict each other', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', userId, at, changes: { goals: ['lose_weight', 'gain_weight'] } })
        .thenThrows(ContradictingGoals);
      spec
        .given([registered])
        .when({ type: 'UpdateProfile', userId, at, changes: { goals: ['maintain_weight', 'build_muscle'] } })
        .thenEvents([
          {
            type: 'UserProfileUpdated',
            data: { userId, changes: { goals: ['maintain_weight', 'build_muscle'] }, updatedAt: at },
          },
        ]);
    });
  });
  it('deletes an account once; a deleted account takes no more commands', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
    spec.given([registered, issued]).when({ type: 'DeleteAccount', userId, at }).thenEvents([deleted]);
    spec.given([]).when({ type: 'DeleteAccount', userId, at }).thenThrows(UserNotFound);
    spec.given([registered, deleted]).when({ type: 'DeleteAccount', userId, at }).thenThrows(UserNotFound);
    spec.given([registered, deleted]).when({ type: 'IssueToken', userId, at, token }).thenThrows(UserNotFound);
    spec
      .given([registered, deleted])
      .when({ type: 'UpdateProfile', userId, at, changes: { name: 'Eve' } })
      .thenThrows(UserNotFound);
  });
  describe('recording a token use', () => {
    const later = '2026-11-21T10:05:00.000Z';
    const use = (usedAt: string, tokenId = 't1') => ({ type: 'RecordTokenUse', userId, at: usedAt, tokenId }) as const;
    const used = (usedAt: string): UserEvent => ({ type: 'TokenUsed', data: { userId, tokenId: 't1', usedAt } });

    it('records a use of a live token later than its last recorded use', () => {
      spec
        .given([registered, issued])
        .when(use(later))
        .thenEvents([used(later)]);
      spec
        .given([registered, issued, used(later)])
        .when(use('2026-11-21T10:10:00.000Z'))
        .thenEvents([used('2026-11-21T10:10:00.000Z')]);
    });
    it('records nothing for a use no later than the last one (a late or repeated report)', () => {
      spec.given([registered, issued]).when(use(at)).thenEvents([]);
      spec
        .given([registered, issued, used(later)])
        .when(use(later))
        .thenEvents([]);
      spec
        .given([registered, issued, used(later)])
        .when(use('2026-11-21T10:01:00.000Z'))
        .thenEvents([]);
    });
    it('records nothing for an unknown, revoked or expired token, nor for a gone account', () => {
      const revoked: UserEvent = { type: 'AccessTokenRevoked', data: { userId, tokenId: 't1', revokedAt: at } };
      spec.given([registered, issued]).when(use(later, 't2')).thenEvents([]);
      spec.given([registered, issued, revoked]).when(use(later)).thenEvents([]);
      spec.given([registered, issued]).when(use(token.expiresAt)).thenEvents([]);
      spec.given([]).when(use(later)).thenEvents([]);
      const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
      spec.given([registered, issued, deleted]).when(use(later)).thenEvents([]);
    });
  });
  describe('revoking a token found idle', () => {
    const later = '2026-11-21T11:00:00.000Z';
    const idle = (lastUsedAt: string) =>
      ({ type: 'RevokeIdleToken', userId, at: later, tokenId: 't1', lastUsedAt }) as const;
    const used: UserEvent = { type: 'TokenUsed', data: { userId, tokenId: 't1', usedAt: '2026-11-21T10:20:00.000Z' } };

    it('revokes it for idleness, so a longer timeout set later does not bring it back', () => {
      spec
        .given([registered, issued, used])
        .when(idle('2026-11-21T10:20:00.000Z'))
        .thenEvents([
          { type: 'AccessTokenRevoked', data: { userId, tokenId: 't1', revokedAt: later, reason: 'idle' } },
        ]);
    });
    it('revokes nothing when a later use was recorded meanwhile, or the token or account is gone', () => {
      spec.given([registered, issued, used]).when(idle(at)).thenEvents([]);
      const revoked: UserEvent = { type: 'AccessTokenRevoked', data: { userId, tokenId: 't1', revokedAt: at } };
      spec.given([registered, issued, revoked]).when(idle(at)).thenEvents([]);
      const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
      spec.given([registered, issued, deleted]).when(idle(at)).thenEvents([]);
      spec.given([]).when(idle(at)).thenEvents([]);
    });
  });
});
