import { EventEmitter, once } from 'node:events';

/**
 * The write requests each user has under way in this process. Deleting an account first closes
 * it to new writes and waits for the ones already running (a long import, a set logged on
 * another device), so nothing of theirs is written after the deletion and brought back into a
 * read model.
 */
export class WritesInFlight {
  private readonly running = new Map<string, number>();
  private readonly closed = new Set<string>();
  private readonly finished = new EventEmitter();

  constructor() {
    this.finished.setMaxListeners(0);
  }

  /** Counts a write request in; false when the user's account is closing. */
  enter(userId: string): boolean {
    if (this.closed.has(userId)) return false;
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    return true;
  }

  leave(userId: string) {
    const left = (this.running.get(userId) ?? 1) - 1;
    if (left > 0) this.running.set(userId, left);
    else this.running.delete(userId);
    this.finished.emit(userId);
  }

  /**
   * Refuses the user's new writes, then waits until no more than `own` of theirs run (the
   * deleting request itself), or `timeoutMs` passed.
   */
  async close(userId: string, own: number, timeoutMs: number) {
    this.closed.add(userId);
    const deadline = AbortSignal.timeout(timeoutMs);
    while ((this.running.get(userId) ?? 0) > own && !deadline.aborted) {
      await once(this.finished, userId, { signal: deadline }).catch(() => undefined);
    }
  }

  /** Opens the account to writes again (the deletion was refused after all). */
  reopen(userId: string) {
    this.closed.delete(userId);
  }
}
