import { EventEmitter } from 'node:events';
import type { ChangeNotice, RecordedEvent } from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import { type EventStore, type LeaseFence, LeaseLostError, type ReadStore, type Subscription } from '@fitness/stores';
import { batchCommit } from './batch-commit.ts';
import { type FoldContext, type Folded, type Follower, foldBatch } from './batch-fold.ts';
import { CommitAnnouncements } from './commit-announcements.ts';
import { DELETED_USERS, loadDeletedUsers } from './deleted-users.ts';
import type { ProjectionProgress } from './progress.ts';
import { type AnyProjection, asManyDocument, projectionLog } from './projection.ts';
import { recentDocuments, remember } from './recent-documents.ts';
import { SerialQueue } from './serial-queue.ts';

export type RunnerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: AnyProjection[];
  logger: Logger;
  /** Events a batch of the live subscription holds at most; a fold yields to the event loop after each this many. */
  batchSize?: number;
  /**
   * Events a batch holds when the runner replays the log by itself (`catchUp`, a rebuild):
   * ten live batches unless told. A workout spread over fewer batches is written fewer times,
   * and so are the documents every batch rewrites (an exercise's history), while the fold's
   * yields keep the event loop turning inside the batch.
   */
  catchUpBatchSize?: number;
  /**
   * Writes each batch's change notices into the read store's change feed, for query services in
   * other processes (the distributed deployment). The embedded server hears the runner itself,
   * and leaves the feed out: it was several writes per event on the command path.
   */
  changeFeed?: boolean;
  /** Pause before a failed subscription, or a failed projection, resumes from its checkpoint. */
  retryDelayMs?: number;
};

/**
 * Keeps every projection up to date with one subscription to the log: each batch of events is
 * folded into every projection that has not seen it, and all their document writes, their new
 * checkpoints and the change notices commit in one transaction, so killing the process at any
 * instant loses nothing and repeats nothing. A projection can still be rebuilt alone: it leaves
 * the shared subscription, replays the log by itself and joins again. After each commit the
 * runner announces what changed, which the socket channel pushes to browsers: in-process
 * listeners hear it at once, other processes read it from the read store's change feed.
 */
export class ProjectionRunner implements ProjectionProgress {
  private readonly options: Required<RunnerOptions>;
  private readonly followers = new Map<string, Follower>();
  /** Each change and committed batch, told to listeners and to `waitFor`. */
  private readonly announcements: CommitAnnouncements;
  /** Lease-lost errors, told to `onLeaseLost` listeners. */
  private readonly emitter = new EventEmitter();
  /** Batches, rebuild hand-overs and retries run one at a time, in order. */
  private readonly serial = new SerialQueue();
  private subscription: Subscription | null = null;
  private stopped = false;
  private collectionsEnsured = false;
  /** Counts starts and stops, so a retry scheduled before a stop does not follow the log after it. */
  private generation = 0;
  /** The lease the batches commit under (the projections process); none in the embedded server. */
  private fence: LeaseFence | undefined;
  /** Batches this runner committed, for the projections process's health (a standby's stays 0). */
  private committed = 0;
  /** What the folds read, and the deleted accounts they keep up to date. */
  private readonly foldContext: FoldContext;

  constructor(options: RunnerOptions) {
    const batchSize = options.batchSize ?? 500;
    const catchUpBatchSize = options.catchUpBatchSize ?? batchSize * 10;
    this.options = { retryDelayMs: 1000, changeFeed: true, ...options, batchSize, catchUpBatchSize };
    this.foldContext = {
      reads: options.readStore.writerReads?.() ?? options.readStore,
      log: projectionLog(options.eventStore),
      deletedUsers: new Map(),
      yieldEvery: batchSize,
      changesInPlace: options.readStore.changesInPlace,
    };
    const projectionOfModel = new Map<string, string>();
    for (const projection of options.projections) {
      this.followers.set(projection.name, {
        projection: asManyDocument(projection),
        position: 0,
        attached: true,
        recent: recentDocuments(),
      });
      projectionOfModel.set(projection.collection.name, projection.name);
    }
    this.announcements = new CommitAnnouncements({
      projectionOfModel,
      positionOf: (name) => this.followers.get(name)?.position,
      headPosition: () => this.options.eventStore.headPosition(),
    });
  }

  /**
   * Creates the collections; the runner reads and rebuilds but does not follow the log. With a
   * fence (a tool rebuilding under the projector lease), its rebuilds commit only while the
   * lease is still held, as `start`'s batches do.
   */
  async prepare(options: { fence?: LeaseFence } = {}) {
    this.fence = options.fence;
    // Once: a standby prepares at start and again each time it takes the lease.
    if (!this.collectionsEnsured) {
      await this.options.readStore.ensureCollections([
        ...this.options.projections.map((p) => p.collection),
        DELETED_USERS,
      ]);
      this.collectionsEnsured = true;
    }
    await loadDeletedUsers(this.foldContext.reads, this.foldContext.deletedUsers);
    for (const follower of this.followers.values()) {
      follower.position = await this.options.readStore.checkpoint(follower.projection.name);
    }
  }

  /**
   * Prepares, starts over any projection whose code changed, then follows the log with all.
   * With a fence (the projections process holds the lease), every batch commits only while the
   * lease is still held in that term. A stopped runner may start again (a standby that got the
   * lease back): it resumes from the checkpoints, forgetting what it cached, since another
   * holder may have written meanwhile.
   */
  async start(options: { fence?: LeaseFence } = {}) {
    this.stopped = false;
    this.generation += 1;
    for (const follower of this.followers.values()) {
      follower.attached = true;
      follower.recent.clear();
    }
    await this.prepare({ fence: options.fence });
    for (const follower of this.followers.values()) await this.startOverIfChanged(follower);
    this.follow();
  }

  /** A projection whose version differs from the one that built its documents is rebuilt. */
  private async startOverIfChanged(follower: Follower) {
    const { name, version } = follower.projection;
    const built = await this.options.readStore.projectionVersion(name);
    if (built === version) return;
    if (built !== 0 || follower.position !== 0) {
      this.options.logger.info({ projection: name, from: built, to: version }, 'projection changed; rebuilding it');
    }
    await this.startOver(follower);
  }

  /** Drops a projection's documents and checkpoint, recording the version that builds them anew. */
  private async startOver(follower: Follower) {
    const { name, version, collection } = follower.projection;
    await this.options.readStore.reset(name, [collection.name], version, this.fence);
    follower.position = 0;
    follower.recent.clear();
  }

  async stop() {
    this.stopped = true;
    this.generation += 1;
    await this.unfollow();
    await this.serial.idle();
  }

  /** Hears of a batch the read store refused because the lease was lost (see `start`). */
  onLeaseLost(listener: (error: LeaseLostError) => void) {
    this.emitter.on('lease-lost', listener);
    return () => {
      this.emitter.off('lease-lost', listener);
    };
  }

  /** How many batches this runner committed since the process started. */
  committedBatches() {
    return this.committed;
  }

  /** Listens to every change the projections commit. Returns the unsubscribe function. */
  onChange(listener: (notice: ChangeNotice) => void) {
    return this.announcements.onChange(listener);
  }

  /** Hears each committed batch: how many events of the log it folded in. */
  onCommitted(listener: (events: number) => void) {
    return this.announcements.onCommitted(listener);
  }

  /** The position each projection has committed up to. */
  positions(): Record<string, number> {
    return Object.fromEntries([...this.followers].map(([name, follower]) => [name, follower.position]));
  }

  waitFor(models: string[], position: number, timeoutMs: number) {
    return this.announcements.waitFor(models, position, timeoutMs);
  }

  /**
   * Drops a projection's documents and checkpoint and replays the whole log into it, alone,
   * while the others go on following the log. Interrupted, it resumes from the last committed
   * batch on the next start.
   */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void) {
    const follower = this.follower(name);
    // Out of the shared subscription first, once the batch under way (if any) has committed.
    await this.serial.run(async () => {
      follower.attached = false;
      await this.startOver(follower);
    });
    await this.catchUpAlone(follower, onProgress);
    await this.rejoin(follower);
  }

  /**
   * Applies the log up to its current head, in batches, to the named projections (all when none
   * is named): used by the tools and by tests that build read models without following the log.
   */
  async catchUp(names?: string | string[], onProgress?: (position: number, head: number) => void) {
    const wanted = names === undefined ? [...this.followers.keys()] : [names].flat();
    const followers = wanted.map((name) => this.follower(name));
    const head = await this.options.eventStore.headPosition();
    for (;;) {
      const from = Math.min(...followers.map((follower) => follower.position));
      if (from >= head) break;
      const batch = await this.options.eventStore.readAll({
        fromPosition: from,
        maxCount: this.options.catchUpBatchSize,
      });
      if (batch.length === 0) break;
      await this.serial.run(() => this.applyBatch(followers, batch));
      onProgress?.(Math.min(...followers.map((follower) => follower.position)), head);
      // The stores may answer synchronously (SQLite): between batches, the process serving
      // requests answers them, so a rebuild there neither freezes it nor hides its progress.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private follower(name: string) {
    const follower = this.followers.get(name);
    if (!follower) throw new Error(`Unknown projection: ${name}`);
    return follower;
  }

  /** Replays the log into one projection outside the shared subscription. */
  private async catchUpAlone(follower: Follower, onProgress?: (position: number, head: number) => void) {
    await this.catchUp(follower.projection.name, onProgress);
  }

  /**
   * Joins the shared subscription again. Under the queue, nothing else is delivered meanwhile:
   * the projection catches up to the log's head, so the subscription, wherever it is, hands it
   * only what it has not seen (older events it skips by its checkpoint).
   */
  private async rejoin(follower: Follower) {
    await this.serial.run(async () => {
      const head = await this.options.eventStore.headPosition();
      while (follower.position < head) {
        const batch = await this.options.eventStore.readAll({
          fromPosition: follower.position,
          maxCount: this.options.catchUpBatchSize,
        });
        if (batch.length === 0) break;
        await this.applyBatch([follower], batch);
      }
      follower.attached = true;
    });
    // The subscription may have started after this projection's checkpoint moved on alone; if
    // it is not running yet (the runner only prepared), nothing follows the log, as before.
  }

  /** One subscription from the oldest checkpoint among the projections following the log. */
  private follow() {
    if (this.stopped) return;
    const generation = this.generation;
    const attached = [...this.followers.values()].filter((follower) => follower.attached);
    const from = Math.min(...attached.map((follower) => follower.position), Number.MAX_SAFE_INTEGER);
    this.subscription = this.options.eventStore.subscribeToAll({
      fromPosition: from === Number.MAX_SAFE_INTEGER ? 0 : from,
      onEvents: async (events) => {
        for (let start = 0; start < events.length; start += this.options.batchSize) {
          const batch = events.slice(start, start + this.options.batchSize);
          await this.serial.run(() =>
            this.applyBatch(
              [...this.followers.values()].filter((follower) => follower.attached),
              batch,
            ),
          );
        }
      },
      onError: (error) => {
        this.options.logger.error({ err: error }, 'projections stopped; retrying from their checkpoints');
        this.subscription = null;
        setTimeout(() => {
          if (generation === this.generation) this.follow();
        }, this.options.retryDelayMs).unref();
      },
    });
  }

  private async unfollow() {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  /**
   * Folds a batch into every given projection that has not seen it and commits everything in
   * one transaction. A projection whose code throws leaves the batch (the others commit) and
   * retries alone later, so one bug stalls one read model, not all of them.
   */
  private async applyBatch(followers: Follower[], events: RecordedEvent[]) {
    // Stopped under a lease (lost, or let go): batches queued before the stop are not applied,
    // the next holder applies them. Without one (the embedded server) they still commit as the
    // runner stops, as they always did.
    if (this.stopped && this.fence) throw new Error('The projections runner is stopped: it no longer holds the lease.');
    const last = events.at(-1)?.position ?? 0;
    const folded: Folded[] = [];
    for (const follower of followers) {
      if (last <= follower.position) continue;
      try {
        folded.push(await foldBatch(follower, events, this.foldContext));
      } catch (error) {
        this.options.logger.error(
          { err: error, projection: follower.projection.name },
          'projection failed on a batch; retrying it alone',
        );
        this.retryAlone(follower);
      }
    }
    if (folded.length === 0) return;

    const { commit, notices } = batchCommit(folded, last, { changeFeed: this.options.changeFeed, fence: this.fence });
    try {
      await this.options.readStore.commit(commit);
    } catch (error) {
      if (error instanceof LeaseLostError) this.emitter.emit('lease-lost', error);
      throw error;
    }
    this.committed += 1;
    for (const { follower, documents, loaded } of folded) {
      follower.position = last;
      // What it read too: a document few events change (a workout's outline, read for each of
      // its sets) is then not read back and parsed again every batch.
      remember(follower.recent, loaded);
      remember(follower.recent, documents);
    }
    this.announcements.announce(notices, events.length);
  }

  /** Takes a failed projection out of the subscription and replays it alone until it succeeds. */
  private retryAlone(follower: Follower) {
    follower.attached = false;
    follower.recent.clear();
    const generation = this.generation;
    setTimeout(async () => {
      // Not after a stop, nor after a stop and a new start (which rejoins every projection).
      if (this.stopped || generation !== this.generation) return;
      try {
        await this.rejoin(follower);
      } catch (error) {
        this.options.logger.error({ err: error, projection: follower.projection.name }, 'projection still failing');
        this.retryAlone(follower);
      }
    }, this.options.retryDelayMs).unref();
  }
}
