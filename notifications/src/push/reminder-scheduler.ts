import type { PushSenders } from './push-senders.ts';

/** Often enough to reach every time zone's reminder hour (some are offset by 30 or 45 minutes). */
const EVERY_MS = 10 * 60_000;

/**
 * Runs the workout reminders every few minutes on the given clock; `runOnce(now)` runs them for
 * one instant, so a test sets the hour instead of waiting for it. A run still going when the
 * next is due is not doubled.
 */
export class ReminderScheduler {
  private readonly senders: PushSenders;
  private readonly clock: () => Date;
  private readonly everyMs: number;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;

  constructor(senders: PushSenders, options: { clock: () => Date; everyMs?: number }) {
    this.senders = senders;
    this.clock = options.clock;
    this.everyMs = options.everyMs ?? EVERY_MS;
  }

  start() {
    this.timer ??= setInterval(() => void this.runOnce(this.clock()), this.everyMs);
    this.timer.unref();
  }

  async runOnce(now: Date) {
    if (this.current) await this.current;
    this.current = this.senders.runReminders(now).finally(() => {
      this.current = null;
    });
    return this.current;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.current;
  }
}
