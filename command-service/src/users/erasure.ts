import { FIRST_ADMIN_STREAM, type RecordedEvent, userStream } from '@fitness/contracts';
import type { Logger } from '@fitness/projections';
import type { EventStore, StreamErasure } from '@fitness/stores';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { uuidFromName } from '../core/ids.ts';
import { userDecider } from './decide.ts';

const SCAN_BATCH = 2000;
/** Streams erased per store call: one transaction and one checkpoint each. */
const ERASE_BATCH = 500;
const USER_STREAM_PREFIX = userStream('');

/** A stream holding something of the user, and where another user's events begin after theirs. */
type Holding = { firstOtherAfter: number | null };

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

    const holdings = await this.streamsNaming(userId, [own, FIRST_ADMIN_STREAM]);
    if (!holdings) return;
    const erasures: StreamErasure[] = [...holdings].map(([streamId, holding]) =>
      holding.firstOtherAfter === null ? { streamId } : { streamId, keepFromRevision: holding.firstOtherAfter },
    );
    // Their own stream keeps the deletion, which the erasure record follows below.
    if (deletion.revision > 0) erasures.push({ streamId: own, keepFromRevision: deletion.revision });
    for (let start = 0; start < erasures.length; start += ERASE_BATCH) {
      if (this.stopped) return;
      await this.handler.eraseStreams(erasures.slice(start, start + ERASE_BATCH));
    }

    const at = new Date();
    const context: CommandContext = {
      actorId: null,
      commandId: uuidFromName(`erasure:${userId}`),
      correlationId: `erasure-${userId}`,
      now: at,
    };
    await this.handler.handle(
      userDecider,
      own,
      { type: 'RecordErasure', userId, at: at.toISOString(), streams: holdings.size + 1 },
      context,
    );
    this.logger.info({ userId, streams: holdings.size + 1 }, 'account erased from the event log');
  }

  /**
   * Every stream with an event whose data names the user, found by reading the whole log once
   * (deletions are rare; a per-user index of streams would make this cheaper if they are not).
   */
  private async streamsNaming(userId: string, skip: string[]) {
    const holdings = new Map<string, Holding>();
    const note = (event: RecordedEvent) => {
      if (skip.includes(event.streamId)) return;
      const named = (event.data as { userId?: unknown }).userId;
      if (named === userId) {
        holdings.set(event.streamId, { firstOtherAfter: null });
      } else if (typeof named === 'string') {
        const holding = holdings.get(event.streamId);
        if (holding && holding.firstOtherAfter === null) holding.firstOtherAfter = event.revision;
      }
    };
    for (let position = 0; ; ) {
      if (this.stopped) return null;
      const batch = await this.eventStore.readAll({ fromPosition: position, maxCount: SCAN_BATCH });
      const last = batch.at(-1);
      if (!last) return holdings;
      for (const event of batch) note(event);
      position = last.position;
    }
  }
}
