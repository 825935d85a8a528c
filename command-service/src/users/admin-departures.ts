import { KeyedLock } from '../core/keyed-lock.ts';
import type { AdminCount } from './decide.ts';

/**
 * What the last-admin rule (the user decider's) needs from outside the user's stream: how many
 * admins there are, from the users read model once it has caught up with the log. Admins leave
 * one at a time in this process, each counting the others once the one before is in the read
 * model; anyone else's role change or deletion neither counts nor waits.
 */
export class AdminDepartures {
  private readonly countAdmins: () => Promise<number>;
  private readonly turns = new KeyedLock();

  constructor(countAdmins: () => Promise<number>) {
    this.countAdmins = countAdmins;
  }

  /**
   * Runs `leave` with the admins counted when an admin is leaving (deleted, or demoted), in turn
   * with the other admins' departures; with null otherwise, at once.
   */
  run<T>(adminLeaving: boolean, leave: (admins: AdminCount) => Promise<T>): Promise<T> {
    if (!adminLeaving) return leave(null);
    return this.turns.run('admins', async () => leave(await this.countAdmins()));
  }
}
