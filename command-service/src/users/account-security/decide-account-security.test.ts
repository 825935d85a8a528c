import type { UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../../core/decider-specification.ts';
import { userDecider } from '../decide.ts';
import {
  PasswordResetLinkInvalid,
  UserNotFound,
  VerificationLinkExpired,
  VerificationLinkForOtherEmail,
  VerificationLinkInvalid,
} from '../errors.ts';

/** Verifying an address, resetting and changing a password: the user decider's account security. */
const spec = specification(userDecider);
const userId = 'u1';
const at = '2026-11-21T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, name: 'Ada', email: 'Ada@Example.com', passwordHash: 'old', role: 'user', registeredAt: at },
};
const issued = (tokenId: string): UserEvent => ({
  type: 'AccessTokenIssued',
  data: { userId, tokenId, tokenHash: `h-${tokenId}`, name: 'web', issuedAt: at, expiresAt: later(60 * 24) },
});
const revoked = (tokenId: string, revokedAt: string): UserEvent => ({
  type: 'AccessTokenRevoked',
  data: { userId, tokenId, revokedAt },
});
const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };

describe('user decider: email verification', () => {
  const verify = (email: string, now = later(1), expiresAt = later(60 * 24)) =>
    ({ type: 'VerifyEmail', userId, at: now, email, expiresAt }) as const;
  const verified: UserEvent = {
    type: 'EmailVerified',
    data: { userId, email: 'Ada@Example.com', verifiedAt: later(1) },
  };

  it('verifies the address the link was made for, however it is capitalised', () => {
    spec.given([registered]).when(verify('ada@example.com')).thenEvents([verified]);
  });
  it('takes a second opening of the link as done', () => {
    spec
      .given([registered, verified])
      .when(verify('Ada@Example.com', later(5)))
      .thenEvents([]);
  });
  it('refuses a link past its expiry', () => {
    spec
      .given([registered])
      .when(verify('Ada@Example.com', later(61), later(60)))
      .thenThrows(VerificationLinkExpired);
  });
  it('refuses a link for an address the account no longer has', () => {
    spec.given([registered]).when(verify('old@example.com')).thenThrows(VerificationLinkForOtherEmail);
  });
  it('refuses a link of an account that is gone, or never was, as an invalid link', () => {
    spec.given([]).when(verify('Ada@Example.com')).thenThrows(VerificationLinkInvalid);
    spec.given([registered, deleted]).when(verify('Ada@Example.com')).thenThrows(VerificationLinkInvalid);
  });
});

describe('user decider: password reset', () => {
  const request = (tokenHash: string, now: string) =>
    ({ type: 'RequestPasswordReset', userId, at: now, tokenHash, expiresAt: later(60) }) as const;
  const requested = (tokenHash: string, requestedAt: string): UserEvent => ({
    type: 'PasswordResetRequested',
    data: { userId, tokenHash, requestedAt, expiresAt: later(60) },
  });
  const reset = (tokenHash: string, now = later(10)) =>
    ({ type: 'ResetPassword', userId, at: now, tokenHash, passwordHash: 'new' }) as const;

  it('records only the hash of a requested link', () => {
    spec
      .given([registered])
      .when(request('r1', at))
      .thenEvents([requested('r1', at)]);
  });
  it('mails no second link within a minute of the last, and a new one after', () => {
    spec
      .given([registered, requested('r1', at)])
      .when(request('r2', later(0.5)))
      .thenEvents([]);
    spec
      .given([registered, requested('r1', at)])
      .when(request('r2', later(1)))
      .thenEvents([requested('r2', later(1))]);
  });
  it('sets the password with the link and signs out every device', () => {
    const expired: UserEvent = {
      type: 'AccessTokenIssued',
      data: { userId, tokenId: 'old', tokenHash: 'h-old', name: 'web', issuedAt: at, expiresAt: later(5) },
    };
    spec
      .given([registered, expired, issued('t1'), issued('t2'), requested('r1', at)])
      .when(reset('r1'))
      .thenEvents([
        { type: 'PasswordReset', data: { userId, passwordHash: 'new', resetAt: later(10) } },
        revoked('t1', later(10)),
        revoked('t2', later(10)),
      ]);
  });
  it('refuses a wrong token, an expired one, a used one and a replaced one alike', () => {
    const given = [registered, requested('r1', at)];
    spec.given(given).when(reset('wrong')).thenThrows(PasswordResetLinkInvalid);
    spec
      .given(given)
      .when(reset('r1', later(60)))
      .thenThrows(PasswordResetLinkInvalid);
    const used: UserEvent = { type: 'PasswordReset', data: { userId, passwordHash: 'new', resetAt: later(10) } };
    spec
      .given([...given, used])
      .when(reset('r1', later(11)))
      .thenThrows(PasswordResetLinkInvalid);
    spec
      .given([...given, requested('r2', later(2))])
      .when(reset('r1'))
      .thenThrows(PasswordResetLinkInvalid);
    spec.given([registered]).when(reset('r1')).thenThrows(PasswordResetLinkInvalid);
  });
  it('uses up a mailed link once the password is changed another way', () => {
    const changed: UserEvent = {
      type: 'PasswordChanged',
      data: { userId, passwordHash: 'other', changedAt: later(5) },
    };
    spec
      .given([registered, requested('r1', at), changed])
      .when(reset('r1'))
      .thenThrows(PasswordResetLinkInvalid);
  });
  it('takes no reset request for a deleted account', () => {
    spec.given([registered, deleted]).when(request('r1', at)).thenThrows(UserNotFound);
  });
});

describe('user decider: password change', () => {
  it('sets the new password and signs out every device but the one asking', () => {
    spec
      .given([registered, issued('t1'), issued('t2'), issued('t3'), revoked('t3', at)])
      .when({ type: 'ChangePassword', userId, at: later(1), passwordHash: 'new', keepTokenId: 't2' })
      .thenEvents([
        { type: 'PasswordChanged', data: { userId, passwordHash: 'new', changedAt: later(1) } },
        revoked('t1', later(1)),
      ]);
  });
});
