import { FIRST_ADMIN_STREAM, type RecordedEvent, userStream } from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import type { EventStore, StreamErasure } from '@fitness/stores';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { uuidFromName } from '../../core/ids.ts';
import { runUserCommand } from '../user-stream.ts';

const SCAN_BATCH = 2000;
/** Streams erased per store call: one transaction and one checkpoint each. */
const ERASE_BATCH = 500;
const USER_STREAM_PREFIX = userStream('');

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
 * erasing again what is gone changes nothing).
 */
export class AccountErasure {
  private readonly eventStore: EventStore;
  private readonly handler: CommandHandler;
  private readonly logger: Logger;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(options: { eventStore: EventStore; handler: CommandHandler; logger: Logger }) {
    this.eventStore = options.eventStore;
    this.handler = options.handler;
    this.logger = options.logger;
  }

  /** Queues the erasure of a deleted user; resolves when it is done (or was stopped). */
  start(userId: string): Promise<void> {
    const run = this.queue.then(() => this.erase(userId));
    this.queue = run.catch((error) => this.logger.error({ err: error, userId }, 'account erasure failed'));
    return this.queue.then(() => undefined);
  }

  /** Finds deleted users whose erasure never finished and queues them. */
  async resumePending() {
    const users = await this.eventStore.listStreams({ prefix: USER_STREAM_PREFIX, limit: Number.MAX_SAFE_INTEGER });
    for (const { streamId, revision } of users) {
      if (this.stopped) return;
      const [last] = await this.eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 });
      if (last?.type === 'UserDeleted') void this.start(String(last.data.userId));
    }
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
  private async scanOn(scan: HoldingsScan) {
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
