import { EventEmitter } from 'node:events';
import type { Logger } from '@fitness/platform/logger.ts';
import type { Lease, LeaseFence } from '@fitness/stores';
import type { ProjectionRunner } from './runner.ts';

export type ProjectorRole = 'active' | 'standby';

export type ProjectorLeaseOptions = {
  lease: Lease;
  runner: ProjectionRunner;
  /** The lease's TTL: the holder renews, and a standby asks, every third of it. */
  ttlMs: number;
  logger: Logger;
};

/**
 * Runs the projections runner only while this process holds the projector lease, so two
 * projections processes on the same stores never both apply events. The holder renews every
 * TTL/3; a renewal that fails (taken over, or the store did not answer) stops the runner at
 * once. A standby asks for the lease every TTL/3 and, when it gets it, starts the runner from
 * the checkpoints. Every batch commits under the lease's fence, so a holder that paused past
 * its TTL (a long GC, SIGSTOP) has its batch refused rather than written, and stands down as
 * soon as the read store says so.
 */
export class ProjectorLease {
  private readonly options: ProjectorLeaseOptions;
  private readonly emitter = new EventEmitter();
  private fence: LeaseFence | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The renewal or attempt under way, so stop() waits for it. */
  private current: Promise<void> = Promise.resolve();

  constructor(options: ProjectorLeaseOptions) {
    this.options = options;
    options.runner.onLeaseLost((error) => {
      if (!this.fence) return;
      this.options.logger.error({ err: error }, 'projector lease lost (a batch was refused); standing by');
      this.serially(() => this.standDown());
    });
  }

  role(): ProjectorRole {
    return this.fence ? 'active' : 'standby';
  }

  /** The lease's TTL: a standby's refusals ask to retry after about this long. */
  get ttlMs() {
    return this.options.ttlMs;
  }

  /** The holder id and term this process holds the lease in, if it does. */
  held(): LeaseFence | null {
    return this.fence;
  }

  /** Hears each change of role (after the runner started, or stopped). Returns the unsubscribe function. */
  onRoleChange(listener: (role: ProjectorRole) => void | Promise<void>) {
    this.emitter.on('role', listener);
    return () => {
      this.emitter.off('role', listener);
    };
  }

  /**
   * Asks for the lease once (and, holding it, starts the runner), then keeps asking or renewing
   * every TTL/3. Returns once the first attempt is settled, so a process alone on its stores is
   * active, its runner started, when it starts answering.
   */
  async start() {
    await this.tick();
    this.schedule();
  }

  /** Stops the runner if it runs and lets the lease go, so a standby takes over without waiting out the TTL. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
    const fence = this.fence;
    await this.standDown();
    if (fence) {
      await this.options.lease.release(fence).catch((error) => {
        this.options.logger.error({ err: error }, 'could not release the projector lease; it expires by itself');
      });
    }
    await this.options.lease.close();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        void this.tick().finally(() => this.schedule());
      },
      Math.max(1, Math.floor(this.options.ttlMs / 3)),
    );
    this.timer.unref();
  }

  private tick() {
    return this.serially(() => (this.fence ? this.renew(this.fence) : this.tryToTakeOver()));
  }

  /** Renewals, attempts and stand-downs run one after another; a failure is logged, never left unhandled. */
  private serially(work: () => Promise<void>) {
    this.current = this.current.then(work).catch((error) => {
      this.options.logger.error({ err: error }, 'projector lease: a renewal or takeover failed');
    });
    return this.current;
  }

  private async renew(fence: LeaseFence) {
    let held = false;
    try {
      held = await this.options.lease.renew(fence);
    } catch (error) {
      // Unsure whether it is still ours: the fence keeps a batch from committing if it is not,
      // but stopping costs only a restart from the checkpoints.
      this.options.logger.error({ err: error }, 'could not renew the projector lease; standing by');
    }
    if (!held) {
      if (this.fence === fence) this.options.logger.error({ term: fence.term }, 'projector lease lost; standing by');
      await this.standDown();
    }
  }

  private async tryToTakeOver() {
    if (this.stopped) return;
    let fence: LeaseFence | null = null;
    try {
      fence = await this.options.lease.acquire();
    } catch (error) {
      this.options.logger.error({ err: error }, 'could not ask for the projector lease');
    }
    if (!fence) return;
    this.fence = fence;
    this.options.logger.info({ holder: fence.holder, term: fence.term }, 'projector lease taken; projecting');
    try {
      await this.options.runner.start({ fence });
    } catch (error) {
      this.options.logger.error({ err: error }, 'projections failed to start; standing by');
      await this.standDown();
      return;
    }
    await this.announce('active');
  }

  /** Stops applying at once: nothing queued in the runner commits after this. */
  private async standDown() {
    if (!this.fence) return;
    this.fence = null;
    await this.options.runner.stop();
    await this.announce('standby');
  }

  private async announce(role: ProjectorRole) {
    for (const listener of this.emitter.listeners('role')) {
      try {
        await listener(role);
      } catch (error) {
        this.options.logger.error({ err: error, role }, 'a listener failed on a change of projector role');
      }
    }
  }
}
