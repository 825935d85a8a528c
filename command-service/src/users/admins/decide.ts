import type { AdminsEvent } from '@fitness/contracts';
import type { Decider } from '../../core/command-handler.ts';
import { LastAdmin, LastAdminDeletion, LastAdminDemotion } from '../errors.ts';

/** An account's entry in the admins' claim: whether it holds a seat, as of which of its role versions. */
type Seat = { admin: boolean; roleVersion: number };

/** The admins' claim: each account's latest entry, once the stream was started (AdminsCounted). */
export type AdminsState = { counted: boolean; seats: ReadonlyMap<string, Seat> };

/**
 * Why an admin gives up their seat: the refusal each kind meets when they are the last one. The
 * operator at the console (`npm run users -- demote`) may demote anyone, and meets none.
 */
export type Departure = 'demotion' | 'deletion' | 'own-deletion' | 'console';

const LAST_ADMIN_REFUSALS = {
  demotion: LastAdminDemotion,
  deletion: LastAdminDeletion,
  'own-deletion': LastAdmin,
  console: null,
} as const satisfies Record<Departure, (new () => Error) | null>;

export type AdminsCommand =
  /** The account is an admin as of `roleVersion` (its role was set to admin, or it registered as one). */
  | { type: 'TakeSeat'; adminId: string; roleVersion: number; at: string }
  /**
   * The admin of `roleVersion` is about to be demoted or deleted: they give up their seat as of
   * the version the departure makes (the next), and it is written to their stream only while
   * `roleVersion` stands, so a promotion's entry that comes late (of `roleVersion` or before)
   * does not seat them again.
   */
  | { type: 'LeaveSeat'; adminId: string; roleVersion: number; departure: Departure; at: string };

export const initialAdminsState = (): AdminsState => ({ counted: false, seats: new Map() });

/** The accounts that hold a seat. */
export const adminsOf = (state: AdminsState) =>
  [...state.seats].filter(([, seat]) => seat.admin).map(([adminId]) => adminId);

/** An account's entry, unless the one it holds is newer: entries come late, never undo a newer one. */
function seated(state: AdminsState, adminId: string, seat: Seat): AdminsState {
  const held = state.seats.get(adminId);
  if (held && held.roleVersion > seat.roleVersion) return state;
  return { ...state, seats: new Map(state.seats).set(adminId, seat) };
}

export function evolveAdmins(state: AdminsState, event: AdminsEvent): AdminsState {
  switch (event.type) {
    case 'AdminsCounted': {
      // Version 0 is below any account's first (its registration): whatever is written later holds.
      let counted: AdminsState = { ...state, counted: true };
      for (const adminId of event.data.adminIds) {
        if (!counted.seats.has(adminId)) counted = seated(counted, adminId, { admin: true, roleVersion: 0 });
      }
      return counted;
    }
    case 'AdminSeatTaken':
      return seated(state, event.data.adminId, { admin: true, roleVersion: event.data.roleVersion });
    case 'AdminSeatLeft':
      return seated(state, event.data.adminId, { admin: false, roleVersion: event.data.roleVersion });
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled admins event ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Someone must be left to run the place: an admin gives up their seat only while another
 * account holds one. The claim never counts an account that is not an admin (a seat is taken
 * after the role is written, given up before it is taken away), so another seat held is another
 * admin. Counting fewer admins than there are (a write that crashed in between) is safe: it
 * refuses more, and taking the seat again (a promotion, `npm run users -- promote`) mends it.
 */
export function decideAdmins(command: AdminsCommand, state: AdminsState): AdminsEvent[] {
  const { adminId, roleVersion, at } = command;
  const held = state.seats.get(adminId);
  switch (command.type) {
    case 'TakeSeat':
      if (held && (held.roleVersion > roleVersion || (held.admin && held.roleVersion === roleVersion))) return [];
      return [{ type: 'AdminSeatTaken', data: { adminId, roleVersion, takenAt: at } }];
    case 'LeaveSeat': {
      const refusal = LAST_ADMIN_REFUSALS[command.departure];
      if (refusal && !adminsOf(state).some((other) => other !== adminId)) throw new refusal();
      const after = roleVersion + 1;
      if (held && !held.admin && held.roleVersion >= after) return [];
      return [{ type: 'AdminSeatLeft', data: { adminId, roleVersion: after, leftAt: at } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled admins command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const adminsDecider: Decider<AdminsCommand, AdminsEvent, AdminsState> = {
  initialState: initialAdminsState,
  evolve: evolveAdmins,
  decide: decideAdmins,
};
