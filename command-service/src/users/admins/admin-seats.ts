import { ADMINS_STREAM, type AdminsEvent } from '@fitness/contracts';
import { WrongExpectedRevisionError } from '@fitness/stores';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { newId, uuidFromName } from '../../core/ids.ts';
import type { SeatRelease } from '../decide.ts';
import { RoleChangedMeanwhile } from '../errors.ts';
import type { UserState } from '../user.ts';
import { userStateOf } from '../user-stream.ts';
import { type AdminsCommand, adminsDecider, type Departure } from './decide.ts';

/** Departures decided again on a role that keeps changing under them, before it is told. */
const MAX_ATTEMPTS = 10;

/**
 * The last-admin rule as the write side enforces it, in one process or many: the admins' claim
 * (ADMINS_STREAM, see decideAdmins) is appended with the revision it was read at, so of two
 * admins leaving at once on two servers, the second is decided on the first's departure and
 * refused. A change of role spans the claim and the user's stream, which no store writes at
 * once, so the order keeps the claim from ever counting an account that is not an admin: a seat
 * is given up before the role goes (and the role then goes only while the version the claim saw
 * stands), and taken after the role is written. A crash in between leaves an admin uncounted,
 * which refuses more but never lets the last one go; the same departure again finds the seat
 * given up already (as the same command, with its Idempotency-Key, without deciding again) and
 * writes the role, and taking a seat again (`npm run users -- promote`) counts an admin left out.
 */
export class AdminSeats {
  private readonly handler: CommandHandler;
  private readonly countAdmins: () => Promise<string[]>;
  private counted = false;

  /** `countAdmins`: the admins as the users read model holds them, caught up, to start the claim for data older than it. */
  constructor(handler: CommandHandler, countAdmins: () => Promise<string[]>) {
    this.handler = handler;
    this.countAdmins = countAdmins;
  }

  /**
   * Writes a change to the account's stream (`write`, given the seat's release) that takes its
   * admin role away for `departure` (null when it does not: a promotion), the seat given up first
   * when it is an admin's. A role changed meanwhile is decided again. Once written, an account
   * that is an admin holds its seat.
   */
  async change<R extends { state: UserState }>(
    userId: string,
    departure: Departure | null,
    context: CommandContext,
    write: (release: SeatRelease) => Promise<R>,
  ): Promise<R> {
    for (let attempt = 1; ; attempt++) {
      const state = await userStateOf(this.handler, userId);
      const leaving = departure !== null && isAdmin(state);
      if (leaving) await this.leave(userId, state.roleVersion, departure, context);
      try {
        const result = await write({ roleVersion: state.roleVersion, released: leaving });
        await this.seat(userId, result.state, context);
        return result;
      } catch (error) {
        if (!(error instanceof RoleChangedMeanwhile) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Seats the account if it is an admin as `state` holds it (registered as one, or promoted). */
  async seat(userId: string, state: UserState, context: CommandContext) {
    if (!isAdmin(state)) return;
    await this.run({ type: 'TakeSeat', adminId: userId, roleVersion: state.roleVersion, at: at(context) }, context);
  }

  private async leave(userId: string, roleVersion: number, departure: Departure, context: CommandContext) {
    await this.run({ type: 'LeaveSeat', adminId: userId, roleVersion, departure, at: at(context) }, context);
  }

  /**
   * Runs a command on the claim under an id of its own, derived from the request's and from what
   * it is, so the same request again finds it done and a request's next attempt (on a newer
   * version) is a new one.
   */
  private async run(command: AdminsCommand, context: CommandContext) {
    await this.started(context);
    const commandId = uuidFromName(`${context.commandId}:${command.type}:${command.adminId}:${command.roleVersion}`);
    await this.handler.handle(adminsDecider, ADMINS_STREAM, command, { ...context, commandId });
  }

  /**
   * Starts the claim, once, from the admins the users read model holds. Nothing can leave before
   * the claim exists, so the read model counts no one who left; an admin it has not caught up
   * with yet takes a seat once their role is written. Of two servers starting it at once, the
   * second finds the first's count.
   */
  private async started(context: CommandContext) {
    if (this.counted) return;
    if ((await this.handler.readStream(ADMINS_STREAM)).length === 0) {
      const counted: AdminsEvent = {
        type: 'AdminsCounted',
        data: { adminIds: await this.countAdmins(), countedAt: at(context) },
      };
      try {
        await this.handler.appendOnce(ADMINS_STREAM, [counted], 'no_stream', { ...context, commandId: newId() });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    this.counted = true;
  }
}

const isAdmin = (state: UserState) => state.registered && !state.deleted && state.role === 'admin';
const at = (context: CommandContext) => context.now.toISOString();
