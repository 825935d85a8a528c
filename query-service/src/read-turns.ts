import { RateLimited } from '@fitness/contracts';
import type { FastifyInstance } from 'fastify';

/** How many of one account's reads run at the same time. */
export const READS_AT_ONCE = 2;
/**
 * How many more may wait their turn before the next is refused. Generous: opening the app
 * sends a screen's worth of reads at once, from every tab and device of the account.
 */
export const READS_WAITING = 48;

/** A read waiting its turn: what lets it run. */
type Waiter = () => void;

/**
 * Each account's reads take turns: at most READS_AT_ONCE of them run at a time, the others wait
 * in the order they came, and past READS_WAITING waiting the next is refused with 429. The
 * server has one thread for everyone and the costliest reads grow with a history (a month of
 * metrics, an export); without a bound per account, one account asking for its heaviest reads
 * ten at a time holds up every other user's requests.
 */
export class ReadTurns {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();

  private readonly atOnce: number;
  private readonly maxWaiting: number;

  constructor(atOnce = READS_AT_ONCE, maxWaiting = READS_WAITING) {
    this.atOnce = atOnce;
    this.maxWaiting = maxWaiting;
  }

  /**
   * A turn for the account: `ready` resolves when the read may run; `leave` ends the turn (or
   * gives up the place in the queue) and may be called any number of times. Null when the
   * account already has too many reads waiting.
   */
  enter(accountId: string): { ready: Promise<void>; leave: () => void } | null {
    const queue = this.waiting.get(accountId) ?? [];
    if ((this.running.get(accountId) ?? 0) < this.atOnce && queue.length === 0) {
      this.running.set(accountId, (this.running.get(accountId) ?? 0) + 1);
      return { ready: Promise.resolve(), leave: this.once(() => this.finish(accountId)) };
    }
    if (queue.length >= this.maxWaiting) return null;
    let waiter: Waiter = () => {};
    const ready = new Promise<void>((resolve) => {
      waiter = resolve;
    });
    queue.push(waiter);
    this.waiting.set(accountId, queue);
    // Still in the queue: the client left before its turn, so it only gives up its place.
    const leave = this.once(() => {
      if (!this.dropWaiter(accountId, waiter)) this.finish(accountId);
    });
    return { ready, leave };
  }

  /** Reads running and waiting for the account (for tests and diagnostics). */
  load(accountId: string) {
    return { running: this.running.get(accountId) ?? 0, waiting: this.waiting.get(accountId)?.length ?? 0 };
  }

  private finish(accountId: string) {
    const next = this.waiting.get(accountId)?.shift();
    if (next) {
      // The turn passes straight to the next read: the running count stays the same.
      if (this.waiting.get(accountId)?.length === 0) this.waiting.delete(accountId);
      next();
      return;
    }
    const running = (this.running.get(accountId) ?? 1) - 1;
    if (running > 0) this.running.set(accountId, running);
    else this.running.delete(accountId);
  }

  /** Takes a waiter out of the queue; false when it is not there (its turn came). */
  private dropWaiter(accountId: string, waiter: Waiter) {
    const queue = this.waiting.get(accountId) ?? [];
    const index = queue.indexOf(waiter);
    if (index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(accountId);
    return true;
  }

  private once(action: () => void) {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      action();
    };
  }
}

/**
 * Makes the signed-in reads of `app` (the plugin holding the read routes) take turns per
 * account. A preHandler, so it runs once the route's own hooks have said who is asking; the
 * turn ends when the response is done or the connection closes, whichever comes first.
 */
export function registerReadTurns(app: FastifyInstance, turns = new ReadTurns()) {
  app.addHook('preHandler', async (request, reply) => {
    const accountId = request.auth?.id;
    if (!accountId) return;
    const turn = turns.enter(accountId);
    if (!turn) throw new RateLimited('Too many requests at once. Try again in a moment.', 1);
    reply.raw.once('close', turn.leave);
    await turn.ready;
  });
  return turns;
}
