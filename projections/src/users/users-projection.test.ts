import assert from 'node:assert/strict';
import type { BodyWeightEvent, RecordedEvent, UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { usersProjection } from './users-projection.ts';

const userId = 'u1';
function recorded(events: { event: UserEvent | BodyWeightEvent; at: string }[]): RecordedEvent[] {
  return events.map(({ event, at }, revision) => ({
    ...event,
    id: `e${revision}`,
    streamId: `user-${userId}`,
    revision,
    position: revision + 1,
    recordedAt: at,
    metadata: { actorId: userId, commandId: `c${revision}`, correlationId: 'r', timestamp: at, schemaVersion: 1 },
  }));
}

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    name: 'Ada',
    email: 'Ada@example.com',
    passwordHash: 'secret-hash',
    role: 'user',
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
};
const token = (tokenId: string, expiresAt: string): UserEvent => ({
  type: 'AccessTokenIssued',
  data: { userId, tokenId, tokenHash: `hash-${tokenId}`, name: 'web', issuedAt: '2026-01-01T00:00:00.000Z', expiresAt },
});

describe('users projection', () => {
  it('holds the user with an empty profile, never the password hash', () => {
    const user = foldDocument(usersProjection, recorded([{ event: registered, at: '2026-01-01T00:00:00.000Z' }]));
    assert.equal(user?.email, 'Ada@example.com');
    assert.equal(user?.role, 'user');
    assert.equal(user?.profile.name, 'Ada');
    assert.deepEqual(user?.profile.goals, []);
    assert.equal(JSON.stringify(user).includes('secret-hash'), false);
  });

  it('keeps live tokens, drops revoked and expired ones', () => {
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: token('old', '2026-01-02T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: token('kept', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: token('revoked', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        {
          event: {
            type: 'AccessTokenRevoked',
            data: { userId, tokenId: 'revoked', revokedAt: '2026-03-01T00:00:00.000Z' },
          },
          at: '2026-03-01T00:00:00.000Z',
        },
      ]),
    );
    assert.deepEqual(
      user?.tokens.map((t) => [t.id, t.hash]),
      [['kept', 'hash-kept']],
    );
  });

  it('tells whether the account has a password; a Google sign-in verifies the email once', () => {
    assert.equal(
      foldDocument(usersProjection, recorded([{ event: registered, at: '2026-01-01T00:00:00.000Z' }]))?.has_password,
      true,
    );
    const viaGoogle: UserEvent = { ...registered, data: { ...registered.data, passwordHash: null } } as UserEvent;
    const linked = (linkedAt: string): UserEvent => ({
      type: 'GoogleAccountLinked',
      data: { userId, subject: 'g-1', email: 'Ada@example.com', linkedAt },
    });
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: viaGoogle, at: '2026-01-01T00:00:00.000Z' },
        { event: linked('2026-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: linked('2026-02-01T00:00:00.000Z'), at: '2026-02-01T00:00:00.000Z' },
      ]),
    );
    assert.equal(user?.has_password, false);
    assert.equal(user?.email_verified_at, '2026-01-01T00:00:00.000Z');
  });

  it('holds an account reclaimed through Google without a password, its old tokens gone, its email verified', () => {
    const reclaimedAt = '2026-02-01T00:00:00.000Z';
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: token('theirs', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: { type: 'UnverifiedAccountReclaimed', data: { userId, reclaimedAt } }, at: reclaimedAt },
        {
          event: { type: 'AccessTokenRevoked', data: { userId, tokenId: 'theirs', revokedAt: reclaimedAt } },
          at: reclaimedAt,
        },
        {
          event: {
            type: 'GoogleAccountLinked',
            data: { userId, subject: 'g-1', email: 'ada@example.com', linkedAt: reclaimedAt },
          },
          at: reclaimedAt,
        },
        { event: token('own', '2027-01-01T00:00:00.000Z'), at: reclaimedAt },
      ]),
    );
    assert.equal(user?.has_password, false);
    assert.equal(user?.email_verified_at, reclaimedAt);
    assert.equal(user?.updated_at, reclaimedAt);
    assert.deepEqual(
      user?.tokens.map((t) => t.id),
      ['own'],
    );
  });

  it('changes the role', () => {
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        {
          event: { type: 'UserRoleChanged', data: { userId, role: 'admin', changedAt: '2026-02-01T00:00:00.000Z' } },
          at: '2026-02-01T00:00:00.000Z',
        },
      ]),
    );
    assert.equal(user?.role, 'admin');
    assert.equal(user?.updated_at, '2026-02-01T00:00:00.000Z');
  });

  it('drops the user, tokens and all, when the account is deleted', () => {
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: token('kept', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        {
          event: { type: 'UserDeleted', data: { userId, deletedAt: '2026-03-01T00:00:00.000Z' } },
          at: '2026-03-01T00:00:00.000Z',
        },
      ]),
    );
    assert.equal(user, null);
  });
  it("keeps each token's last use: its creation, then its latest TokenUsed, never going back", () => {
    const used = (tokenId: string, usedAt: string): { event: UserEvent; at: string } => ({
      event: { type: 'TokenUsed', data: { userId, tokenId, usedAt } },
      at: usedAt,
    });
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: token('a', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: token('b', '2027-01-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        used('a', '2026-01-05T00:00:00.000Z'),
        used('a', '2026-01-04T00:00:00.000Z'),
      ]),
    );
    assert.deepEqual(
      user?.tokens.map((t) => [t.id, t.last_used_at]),
      [
        ['a', '2026-01-05T00:00:00.000Z'],
        ['b', '2026-01-01T00:00:00.000Z'],
      ],
    );
    // A use is no change to the user.
    assert.equal(user?.updated_at, '2026-01-01T00:00:00.000Z');
  });

  it('shows when the email was verified, and never a reset token or a password hash', () => {
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        {
          event: {
            type: 'PasswordResetRequested',
            data: {
              userId,
              tokenHash: 'reset-hash',
              requestedAt: '2026-01-02T00:00:00.000Z',
              expiresAt: '2026-01-02T01:00:00.000Z',
            },
          },
          at: '2026-01-02T00:00:00.000Z',
        },
        {
          event: {
            type: 'PasswordReset',
            data: { userId, passwordHash: 'new-hash', resetAt: '2026-01-02T00:10:00.000Z' },
          },
          at: '2026-01-02T00:10:00.000Z',
        },
        {
          event: {
            type: 'EmailVerified',
            data: { userId, email: 'Ada@example.com', verifiedAt: '2026-01-03T00:00:00.000Z' },
          },
          at: '2026-01-03T00:00:00.000Z',
        },
      ]),
    );
    assert.equal(user?.email_verified_at, '2026-01-03T00:00:00.000Z');
    assert.equal(user?.updated_at, '2026-01-03T00:00:00.000Z');
    for (const secret of ['reset-hash', 'new-hash', 'secret-hash'])
      assert.equal(JSON.stringify(user).includes(secret), false);
  });
});

describe('users projection: token kinds and client settings', () => {
  it('holds a token issued before kinds existed as a session, and a personal one as personal', () => {
    const personal: UserEvent = {
      type: 'AccessTokenIssued',
      data: {
        userId,
        tokenId: 'p1',
        tokenHash: 'hash-p1',
        name: 'Home Assistant',
        kind: 'personal',
        issuedAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2027-01-01T00:00:00.000Z',
      },
    };
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: token('t1', '2026-02-01T00:00:00.000Z'), at: '2026-01-01T00:00:00.000Z' },
        { event: personal, at: '2026-01-01T00:00:00.000Z' },
      ]),
    );
    assert.deepEqual(
      user?.tokens.map((t) => [t.id, t.kind]),
      [
        ['t1', 'session'],
        ['p1', 'personal'],
      ],
    );
  });

  it('merges the settings a user changes, without touching the account', () => {
    const change = (changes: Record<string, unknown>): UserEvent => ({
      type: 'ClientSettingsChanged',
      data: { userId, changes, changedAt: '2026-01-02T00:00:00.000Z' },
    });
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        { event: change({ theme: 'dark', language: 'ar' }), at: '2026-01-02T00:00:00.000Z' },
        { event: change({ theme: 'auto' }), at: '2026-01-03T00:00:00.000Z' },
      ]),
    );
    assert.deepEqual(user?.settings, { theme: 'auto', language: 'ar' });
    assert.equal(user?.updated_at, '2026-01-01T00:00:00.000Z');
  });

  it("takes the profile's weight from the latest day's weigh-in, an old profile weight counting as its day's", () => {
    const weighed = (date: string, weight: number): { event: BodyWeightEvent; at: string } => ({
      event: { type: 'BodyWeightRecorded', data: { userId, date, weight, recordedAt: `${date}T07:00:00.000Z` } },
      at: `${date}T07:00:00.000Z`,
    });
    const profileWeight = (at: string, weight: number): { event: UserEvent; at: string } => ({
      event: { type: 'UserProfileUpdated', data: { userId, changes: { weight }, updatedAt: at } },
      at,
    });
    const weightOf = (events: { event: UserEvent | BodyWeightEvent; at: string }[]) => {
      const user = foldDocument(
        usersProjection,
        recorded([{ event: registered, at: '2026-01-01T00:00:00.000Z' }, ...events]),
      );
      return [user?.profile.weight, user?.profile.weighed_on];
    };
    assert.deepEqual(weightOf([]), [null, null]);
    assert.deepEqual(weightOf([profileWeight('2026-03-01T09:00:00.000Z', 71.5)]), [71.5, '2026-03-01']);
    assert.deepEqual(weightOf([profileWeight('2026-03-01T09:00:00.000Z', 69.5), weighed('2026-03-01', 69.7)]), [
      69.7,
      '2026-03-01',
    ]);
    // A weigh-in filled in for an earlier day goes into the history only.
    assert.deepEqual(weightOf([weighed('2026-03-05', 70.1), weighed('2026-03-02', 72)]), [70.1, '2026-03-05']);
    assert.deepEqual(weightOf([weighed('2026-03-05', 70.1), profileWeight('2026-03-04T09:00:00.000Z', 75)]), [
      70.1,
      '2026-03-05',
    ]);
  });

  it('holds where the onboarding stands: null for an account from before it, then its latest status', () => {
    const changed = (status: 'units' | 'goal' | 'skipped', at: string): { event: UserEvent; at: string } => ({
      event: { type: 'OnboardingChanged', data: { userId, status, changedAt: at } },
      at,
    });
    const registeredOnly = foldDocument(
      usersProjection,
      recorded([{ event: registered, at: '2026-01-01T00:00:00.000Z' }]),
    );
    assert.equal(registeredOnly?.onboarding, null);
    const user = foldDocument(
      usersProjection,
      recorded([
        { event: registered, at: '2026-01-01T00:00:00.000Z' },
        changed('units', '2026-01-01T00:00:00.000Z'),
        changed('goal', '2026-01-01T00:05:00.000Z'),
        changed('skipped', '2026-01-01T00:06:00.000Z'),
      ]),
    );
    assert.equal(user?.onboarding, 'skipped');
    assert.equal(user?.updated_at, '2026-01-01T00:00:00.000Z');
  });
});
