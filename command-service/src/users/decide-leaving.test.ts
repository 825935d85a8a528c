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
  RoleChangedMeanwhile,
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
/** What the admins' claim was told: the role version read (1: as registered), and whether a seat was given up. */
const release = (released: boolean, roleVersion = 1) => ({ roleVersion, released });
const none = release(false);

describe('user decider: leaving', () => {
  describe('the owner closing their account', () => {
    const close = (confirmation: { passwordMatches: boolean | null; email?: string }, released = none) =>
      ({ type: 'DeleteOwnAccount', userId, at, ...confirmation, release: released }) as const;

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
    it("lets an admin go only with the seat the admins' claim gave up", () => {
      spec
        .given([registered('admin')])
        .when(close({ passwordMatches: true }, none))
        .thenThrows(LastAdmin);
      spec
        .given([registered('admin')])
        .when(close({ passwordMatches: true }, release(true)))
        .thenEvents([deleted]);
    });
    it('decides again when the role was set after the claim read it', () => {
      // Read as a user (no seat to give up), promoted since: this admin gave up nothing.
      spec
        .given([registered('user'), roleChanged('admin')])
        .when(close({ passwordMatches: true }, none))
        .thenThrows(RoleChangedMeanwhile);
      // Gave up the seat, then demoted and promoted again: that seat is not the one they hold now.
      spec
        .given([registered('admin'), roleChanged('user'), roleChanged('admin')])
        .when(close({ passwordMatches: true }, release(true)))
        .thenThrows(RoleChangedMeanwhile);
    });
    it('finds no account that is gone', () => {
      spec
        .given([registered('user'), deleted])
        .when(close({ passwordMatches: true }))
        .thenThrows(UserNotFound);
    });
  });

  describe("an admin deleting a user's account", () => {
    const remove = (released = none) => ({ type: 'AdminDeleteAccount', userId, at, release: released }) as const;

    it('deletes it without its password', () => {
      spec
        .given([registered('user')])
        .when(remove())
        .thenEvents([deleted]);
    });
    it("deletes an admin only with the seat the admins' claim gave up", () => {
      spec
        .given([registered('admin')])
        .when(remove(none))
        .thenThrows(LastAdminDeletion);
      spec
        .given([registered('admin')])
        .when(remove(release(true)))
        .thenEvents([deleted]);
      spec
        .given([registered('user'), roleChanged('admin')])
        .when(remove(none))
        .thenThrows(RoleChangedMeanwhile);
    });
    it('finds no account that is gone, or never was', () => {
      spec.given([]).when(remove()).thenThrows(UserNotFound);
      spec
        .given([registered('user'), deleted])
        .when(remove())
        .thenThrows(UserNotFound);
    });
  });

  describe("an admin changing a user's role", () => {
    const change = (role: 'user' | 'admin', released = none) =>
      ({ type: 'AdminChangeRole', userId, at, role, release: released }) as const;

    it('promotes and demotes, recording only a change', () => {
      spec
        .given([registered('user')])
        .when(change('admin'))
        .thenEvents([roleChanged('admin')]);
      spec
        .given([registered('admin')])
        .when(change('user', release(true)))
        .thenEvents([roleChanged('user')]);
      spec
        .given([registered('admin')])
        .when(change('admin'))
        .thenEvents([]);
      spec
        .given([registered('user')])
        .when(change('user'))
        .thenEvents([]);
    });
    it("demotes an admin only with the seat the admins' claim gave up, as of the role it saw", () => {
      spec
        .given([registered('admin')])
        .when(change('user', none))
        .thenThrows(LastAdminDemotion);
      spec
        .given([registered('user'), roleChanged('admin')])
        .when(change('user', none))
        .thenThrows(RoleChangedMeanwhile);
      // Another demotion and a promotion landed since this one gave up the seat it saw.
      spec
        .given([registered('admin'), roleChanged('user'), roleChanged('admin')])
        .when(change('user', release(true)))
        .thenThrows(RoleChangedMeanwhile);
      spec
        .given([registered('admin'), roleChanged('user'), roleChanged('admin')])
        .when(change('user', release(true, 3)))
        .thenEvents([roleChanged('user')]);
    });
    it('finds no account that is gone', () => {
      spec
        .given([registered('user'), deleted])
        .when(change('admin'))
        .thenThrows(UserNotFound);
    });
  });
});
