import type { UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { userDecider } from './decide.ts';
import {
  EmailConfirmationIncorrect,
  LastAdmin,
  LastAdminDeletion,
  LastAdminDemotion,
  PasswordIncorrect,
  PasswordRequired,
  UserNotFound,
} from './errors.ts';

/** Closing an account (its owner's or an admin's doing) and an admin's role changes: who may leave, and how it is confirmed. */
const spec = specification(userDecider);
const userId = 'u1';
const at = '2026-11-21T10:00:00.000Z';
const registered = (role: 'user' | 'admin', passwordHash: string | null = 'ph'): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, name: 'Ada', email: 'Ada@Example.com', passwordHash, role, registeredAt: at },
});
const deleted: UserEvent = { type: 'UserDeleted', data: { userId, deletedAt: at } };
const roleChanged = (role: 'user' | 'admin'): UserEvent => ({
  type: 'UserRoleChanged',
  data: { userId, role, changedAt: at },
});

describe('user decider: leaving', () => {
  describe('the owner closing their account', () => {
    const close = (confirmation: { passwordMatches: boolean | null; email?: string }, admins: number | null = null) =>
      ({ type: 'DeleteOwnAccount', userId, at, ...confirmation, admins }) as const;

    it('deletes it once the password typed matched', () => {
      spec
        .given([registered('user')])
        .when(close({ passwordMatches: true }))
        .thenEvents([deleted]);
    });
    it('asks for the password of an account that has one, and refuses a wrong one', () => {
      spec
        .given([registered('user')])
        .when(close({ passwordMatches: null }))
        .thenThrows(PasswordRequired);
      spec
        .given([registered('user')])
        .when(close({ passwordMatches: false }))
        .thenThrows(PasswordIncorrect);
      // An email typed out is no confirmation while there is a password.
      spec
        .given([registered('user')])
        .when(close({ passwordMatches: null, email: 'ada@example.com' }))
        .thenThrows(PasswordRequired);
    });
    it("takes the account's email address, whatever its case, where there is no password (made through Google)", () => {
      const google = registered('user', null);
      spec
        .given([google])
        .when(close({ passwordMatches: null, email: ' ada@example.COM ' }))
        .thenEvents([deleted]);
      spec
        .given([google])
        .when(close({ passwordMatches: null }))
        .thenThrows(EmailConfirmationIncorrect);
      spec
        .given([google])
        .when(close({ passwordMatches: null, email: 'eve@example.com' }))
        .thenThrows(EmailConfirmationIncorrect);
    });
    it('keeps the last admin, and lets an admin go while another is counted', () => {
      spec
        .given([registered('admin')])
        .when(close({ passwordMatches: true }, 1))
        .thenThrows(LastAdmin);
      spec
        .given([registered('admin')])
        .when(close({ passwordMatches: true }, null))
        .thenThrows(LastAdmin);
      spec
        .given([registered('admin')])
        .when(close({ passwordMatches: true }, 2))
        .thenEvents([deleted]);
    });
    it('finds no account that is gone', () => {
      spec
        .given([registered('user'), deleted])
        .when(close({ passwordMatches: true }))
        .thenThrows(UserNotFound);
    });
  });

  describe("an admin deleting a user's account", () => {
    const remove = (admins: number | null) => ({ type: 'AdminDeleteAccount', userId, at, admins }) as const;

    it('deletes it without its password', () => {
      spec
        .given([registered('user')])
        .when(remove(null))
        .thenEvents([deleted]);
    });
    it('keeps the last admin', () => {
      spec
        .given([registered('admin')])
        .when(remove(1))
        .thenThrows(LastAdminDeletion);
      spec
        .given([registered('admin')])
        .when(remove(null))
        .thenThrows(LastAdminDeletion);
      spec
        .given([registered('admin')])
        .when(remove(2))
        .thenEvents([deleted]);
    });
    it('finds no account that is gone, or never was', () => {
      spec.given([]).when(remove(null)).thenThrows(UserNotFound);
      spec
        .given([registered('user'), deleted])
        .when(remove(null))
        .thenThrows(UserNotFound);
    });
  });

  describe("an admin changing a user's role", () => {
    const change = (role: 'user' | 'admin', admins: number | null) =>
      ({ type: 'AdminChangeRole', userId, at, role, admins }) as const;

    it('promotes and demotes, recording only a change', () => {
      spec
        .given([registered('user')])
        .when(change('admin', null))
        .thenEvents([roleChanged('admin')]);
      spec
        .given([registered('admin')])
        .when(change('user', 2))
        .thenEvents([roleChanged('user')]);
      spec
        .given([registered('admin')])
        .when(change('admin', null))
        .thenEvents([]);
    });
    it('does not demote the last admin', () => {
      spec
        .given([registered('admin')])
        .when(change('user', 1))
        .thenThrows(LastAdminDemotion);
      spec
        .given([registered('user'), roleChanged('admin')])
        .when(change('user', null))
        .thenThrows(LastAdminDemotion);
    });
    it('finds no account that is gone', () => {
      spec
        .given([registered('user'), deleted])
        .when(change('admin', null))
        .thenThrows(UserNotFound);
    });
  });
});
