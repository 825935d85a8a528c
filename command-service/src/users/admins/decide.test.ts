import assert from 'node:assert/strict';
import type { AdminsEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../../core/decider-specification.ts';
import { LastAdmin, LastAdminDeletion, LastAdminDemotion } from '../errors.ts';
import { adminsDecider, adminsOf, type Departure } from './decide.ts';

/** The admins' claim: who holds a seat, and who may give theirs up. */
const spec = specification(adminsDecider);
const at = '2026-11-21T10:00:00.000Z';
const counted = (...adminIds: string[]): AdminsEvent => ({ type: 'AdminsCounted', data: { adminIds, countedAt: at } });
const taken = (adminId: string, roleVersion: number): AdminsEvent => ({
  type: 'AdminSeatTaken',
  data: { adminId, roleVersion, takenAt: at },
});
const left = (adminId: string, roleVersion: number): AdminsEvent => ({
  type: 'AdminSeatLeft',
  data: { adminId, roleVersion, leftAt: at },
});
const take = (adminId: string, roleVersion: number) => ({ type: 'TakeSeat', adminId, roleVersion, at }) as const;
const leave = (adminId: string, roleVersion: number, departure: Departure = 'demotion') =>
  ({ type: 'LeaveSeat', adminId, roleVersion, departure, at }) as const;
const admins = (events: AdminsEvent[]) =>
  adminsOf(events.reduce(adminsDecider.evolve, adminsDecider.initialState())).sort();

describe('admins claim', () => {
  describe('fold: the set of admins', () => {
    it('starts from those counted, then follows seats taken and given up', () => {
      assert.deepEqual(admins([]), []);
      assert.deepEqual(admins([counted('a', 'b')]), ['a', 'b']);
      assert.deepEqual(admins([counted('a', 'b'), taken('c', 2), left('a', 3)]), ['b', 'c']);
    });
    it('keeps the entry of the newer role version, whatever order they come in', () => {
      // A promotion's seat (version 2) written after the demotion that followed it (3) gave it up.
      assert.deepEqual(admins([counted('a'), taken('b', 2), left('b', 3)]), ['a']);
      assert.deepEqual(admins([counted('a'), left('b', 3), taken('b', 2)]), ['a']);
      // Promoted again after that demotion: the newer seat holds.
      assert.deepEqual(admins([counted('a'), left('b', 3), taken('b', 4)]), ['a', 'b']);
    });
    it('takes the later of two entries of one version', () => {
      assert.deepEqual(admins([counted(), left('b', 2), taken('b', 2)]), ['b']);
      assert.deepEqual(admins([counted(), taken('b', 2), left('b', 2)]), []);
    });
    it('counts an admin older than the claim below any version of theirs', () => {
      assert.deepEqual(admins([counted('a', 'b'), left('a', 1)]), ['b']);
    });
  });

  describe('taking a seat', () => {
    it('seats an admin once per role version', () => {
      spec
        .given([counted('a')])
        .when(take('b', 2))
        .thenEvents([taken('b', 2)]);
      spec
        .given([counted('a'), taken('b', 2)])
        .when(take('b', 2))
        .thenEvents([]);
      // Counted as an admin older than the claim: their own seat says as of when.
      spec
        .given([counted('a', 'b')])
        .when(take('b', 2))
        .thenEvents([taken('b', 2)]);
    });
    it('writes nothing for a promotion a newer departure has overtaken', () => {
      spec
        .given([counted('a'), left('b', 3)])
        .when(take('b', 2))
        .thenEvents([]);
    });
  });

  describe('giving a seat up', () => {
    it('lets an admin go while another holds a seat, as of the version the departure makes', () => {
      spec
        .given([counted('a', 'b')])
        .when(leave('a', 1))
        .thenEvents([left('a', 2)]);
      spec
        .given([counted('a'), taken('b', 2)])
        .when(leave('b', 2, 'deletion'))
        .thenEvents([left('b', 3)]);
    });
    it('keeps the last admin, with the refusal of the departure', () => {
      const alone = [counted('a')];
      spec
        .given(alone)
        .when(leave('a', 1, 'demotion'))
        .thenThrows(LastAdminDemotion);
      spec
        .given(alone)
        .when(leave('a', 1, 'deletion'))
        .thenThrows(LastAdminDeletion);
      spec
        .given(alone)
        .when(leave('a', 1, 'own-deletion'))
        .thenThrows(LastAdmin);
    });
    it('refuses the second of two admins leaving at once: it is decided on the first one gone', () => {
      spec
        .given([counted('a', 'b'), left('a', 2)])
        .when(leave('b', 1))
        .thenThrows(LastAdminDemotion);
    });
    it('does not count the one leaving as the other admin, seated or not', () => {
      // An admin whose seat was never taken (a crash after the role was written) leaves only
      // while someone else holds one.
      spec.given([counted()]).when(leave('b', 2)).thenThrows(LastAdminDemotion);
      spec
        .given([counted('a')])
        .when(leave('b', 2))
        .thenEvents([left('b', 3)]);
    });
    it('writes nothing when the seat is given up already, as of that version', () => {
      spec
        .given([counted('a', 'b'), left('b', 2)])
        .when(leave('b', 1))
        .thenEvents([]);
    });
    it('lets the operator at the console demote the last admin', () => {
      spec
        .given([counted('a')])
        .when(leave('a', 1, 'console'))
        .thenEvents([left('a', 2)]);
    });
  });
});
