import { FIRST_ADMIN_STREAM, type RecordedEvent, userStream } from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import type { EventStore, StreamErasure } from '@fitness/stores';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { uuidFromName } from '../../core/ids.ts';
import { runUserCommand } from '../user-stream.ts';
import { DeletionScan, RESUME_POINT_AFTER, ResumePoints } from './pending-deletions.ts';

const SCAN_BATCH = 2000;
/** Streams erased per store call: one transaction and one checkpoint each. */
const ERASE_BATCH = 500;

/** Passes over the log's newest part before the erasure is recorded as done. */
const MAX_PASSES = 5;

/**
 * The right to erasure. Deleting an account (UserDeleted) already empties every read model;
 * this then takes what the user wrote out of the event log itself: every stream an event of
 * theirs names them in (workouts, meals, water, steps, weigh-ins, custom exercises and foods,
 * templates, favourites, their email reservation, their exercise-name claims), and their own
 * stream up to the deletion. What stays is the deletion and a `UserErased` record, neither of
 * which holds personal data, so a replay from zero still ends without them.
 *
 * A stream another user took over after them (an email registered again) keeps the newer
 * owner's events. The first-admin seat keeps its claim: it holds only an id, and giving the
 * seat back would make the next stranger to register an admin.
 *
 * It runs in the background after the deletion is answered, one account at a time, and on
 * start-up resumes any deletion whose erasure did not finish (a crash halfway is harmless:
 * erasing again what is gone changes nothing), found in the log since the last resume point.
 */
export class AccountErasure {
  private readonly eventStore: EventStore;
  private readonly handler: CommandHandler;
  private readonly logger: Logger;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  private readonly resumePointAfter: number;

  constructor(options: {
    eventStore: EventStore;
    handler: CommandHandler;
    logger: Logger;
    /** Events a resume reads before it leaves a resume point (see RESUME_POINT_AFTER). */
    resumePointAfter?: number;
  }) {
    this.eventStore = options.eventStore;
    this.handler = options.handler;
    this.logger = options.logger;
    this.resumePointAfter = options.resumePointAfter ?? RESUME_POINT_AFTER;
  }

  /** Queues the erasure of a deleted user; resolves when it is done (or was stopped). */
  async start(userId: string): Promise<void> {
    await this.enqueue(userId);
  }

  /** Resolves true when the erasure finished, false when it failed (logged) or was stopped. */
  private enqueue(userId: string): Promise<boolean> {
    const settled = this.queue
      .then(() => this.erase(userId))
      .then(
        () => !this.stopped,
        (error) => {
          this.logger.error({ err: error, userId }, 'account erasure failed');
          return false;
        },
      );
    this.queue = settled;
    return settled;
  }

  /**
   * Finds deleted users whose erasure never finished (a process stopped between a deletion and
   * its erasure record) and queues them. Reads the log from the last resume point on, not every
   * user's stream (see ResumePoints): a start reads what was written since the last point.
   */
  async resumePending() {
    const points = new ResumePoints(this.eventStore, this.handler);
    const scan = new DeletionScan(await points.last());
    if (!(await this.scanOn(scan))) return;
    let started: { revision: number } | null = null;
    if (scan.eventsRead >= this.resumePointAfter) {
      started = await points.begin();
      // On past the new point, so that every deletion before it is among those queued.
      if (!(await this.scanOn(scan))) return;
    }
    const finished = await Promise.all([...scan.pending].map((userId) => this.enqueue(userId)));
    if (started && finished.every(Boolean)) await points.finish(started);
  }

  /** Lets a running erasure reach a safe point, and starts no other. */
  async stop() {
    this.stopped = true;
    await this.queue;
  }

  private async erase(userId: string) {
    if (this.stopped) return;
    const own = userStream(userId);
    const history = await this.eventStore.readStream(own);
    const deletion = history.find((event) => event.type === 'UserDeleted');
    if (!deletion || history.some((event) => event.type === 'UserErased')) return;

    // Their own stream keeps the deletion, which the erasure record follows below.
    const erasures: StreamErasure[] =
      deletion.revision > 0 ? [{ streamId: own, throughRevision: deletion.revision - 1 }] : [];
    const scan = new HoldingsScan(userId, [own, FIRST_ADMIN_STREAM]);
    // A request that was under way when the account was deleted may still have written; a pass
    // that finds nothing new ends it.
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      if (!(await this.scanOn(scan))) return;
      erasures.push(...scan.takeErasures());
      if (erasures.length === 0) break;
      for (let start = 0; start < erasures.length; start += ERASE_BATCH) {
        if (this.stopped) return;
        await this.handler.eraseStreams(erasures.slice(start, start + ERASE_BATCH));
      }
      erasures.length = 0;
    }

    const at = new Date();
    const context: CommandContext = {
      actorId: null,
      commandId: uuidFromName(`erasure:${userId}`),
      correlationId: `erasure-${userId}`,
      now: at,
    };
    const streams = scan.streams + 1;
    await runUserCommand(this.handler, { type: 'RecordErasure', userId, at: at.toISOString(), streams }, context);
    this.logger.info({ userId, streams }, 'account erased from the event log');
  }

  /** Reads the log on from where the scan stopped, to its end. False when stopped midway. */
  private async scanOn(scan: { position: number; note(event: RecordedEvent): void }) {
    for (;;) {
      if (this.stopped) return false;
      const batch = await this.eventStore.readAll({ fromPosition: scan.position, maxCount: SCAN_BATCH });
      if (batch.length === 0) return true;
      for (const event of batch) scan.note(event);
    }
  }
}

/**
 * Which streams hold something of the user, and how far: every stream with an event whose data
 * names them, from its start through their last event and the unnamed ones that follow (a
 * workout's sets). Found by reading the log in order (deletions are rare; a per-user index of
 * streams would make this cheaper if they are not). Where another user's event follows theirs
 * (an email registered again), the stream is theirs only up to it.
 */
class HoldingsScan {
  position = 0;
  private readonly held = new Map<string, { through: number; erased: number; handedOver: boolean }>();

  private readonly userId: string;
  private readonly skip: string[];

  constructor(userId: string, skip: string[]) {
    this.userId = userId;
    this.skip = skip;
  }

  get streams() {
    return this.held.size;
  }

  note(event: RecordedEvent) {
    this.position = event.position;
    if (this.skip.includes(event.streamId)) return;
    const named = (event.data as { userId?: unknown }).userId;
    const holding = this.held.get(event.streamId);
    if (named === this.userId) {
      if (holding) Object.assign(holding, { through: event.revision, handedOver: false });
      else this.held.set(event.streamId, { through: event.revision, erased: -1, handedOver: false });
    } else if (holding && !holding.handedOver) {
      if (typeof named === 'string') holding.handedOver = true;
      else holding.through = event.revision;
    }
  }

  /** What is held and not yet erased; marks it erased. */
  takeErasures(): StreamErasure[] {
    const erasures: StreamErasure[] = [];
    for (const [streamId, holding] of this.held) {
      if (holding.through <= holding.erased) continue;
      erasures.push({ streamId, throughRevision: holding.through });
      holding.erased = holding.through;
    }
    return erasures;
  }
}
