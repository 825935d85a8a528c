import { EventEmitter } from 'node:events';
import {
  type ChangeNotice,
  type DocumentChange,
  diffDocuments,
  type RecordedEvent,
  USER_DELETED,
} from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import {
  type CollectionDefinition,
  type Document,
  type DocumentWrite,
  type EventStore,
  type LeaseFence,
  LeaseLostError,
  POSITION_FIELD,
  type ReadStore,
  type Subscription,
  writtenId,
} from '@fitness/stores';
import { CommitAnnouncements } from './commit-announcements.ts';
import type { ProjectionProgress } from './progress.ts';
import {
  type AnyProjection,
  type ManyDocumentProjection,
  ownerOf,
  type Projection,
  type ProjectionBatch,
  type ProjectionDocuments,
  type ProjectionLog,
  projectionLog,
} from './projection.ts';
import { SerialQueue } from './serial-queue.ts';

type Follower = {
  projection: ManyDocumentProjection;
  position: number;
  /** Part of the shared subscription; a projection being rebuilt or retried alone is not. */
  attached: boolean;
  /**
   * The documents this runner wrote or read last, most recently used last. The runner is its
   * collections' only writer, so what it wrote or read is what the store holds, and a busy
   * workout is not read back and parsed again for every batch.
   */
  recent: Map<string, Document | null>;
};

/** What folding a batch into one projection produced, committed with the others' afterwards. */
type Folded = {
  follower: Follower;
  writes: DocumentWrite[];
  notices: ChangeNotice[];
  documents: Map<string, Document | null>;
  /** What the batch read from the store and did not change: still what the store holds after it. */
  loaded: Map<string, Document | null>;
  erasing: boolean;
};

const RECENT_DOCUMENTS = 200;

/**
 * The ids of deleted accounts (nothing else: an id says nothing about a person), kept by the
 * runner for all projections, so a write that reached the log after an account's deletion
 * (a request under way on another server at that moment) never puts a document back.
 */
const DELETED_USERS: CollectionDefinition = { name: 'deleted_users', indexes: [] };

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
  /** Deleted account id -> the position of its deletion. */
  private readonly deletedUsers = new Map<string, number>();
  private subscription: Subscription | null = null;
  private stopped = false;
  private collectionsEnsured = false;
  /** Counts starts and stops, so a retry scheduled before a stop does not follow the log after it. */
  private generation = 0;
  /** The lease the batches commit under (the projections process); none in the embedded server. */
  private fence: LeaseFence | undefined;
  /** Batches this runner committed, for the projections process's health (a standby's stays 0). */
  private committed = 0;
  /** What the folds read, through the store's writer where it has one (see `writerReads`). */
  private readonly reads: Pick<ReadStore, 'get' | 'find'>;
  /** What the folds read of the log. */
  private readonly log: ProjectionLog;

  constructor(options: RunnerOptions) {
    const batchSize = options.batchSize ?? 500;
    const catchUpBatchSize = options.catchUpBatchSize ?? batchSize * 10;
    this.options = { retryDelayMs: 1000, changeFeed: true, ...options, batchSize, catchUpBatchSize };
    this.reads = options.readStore.writerReads?.() ?? options.readStore;
    this.log = projectionLog(options.eventStore);
    const projectionOfModel = new Map<string, string>();
    for (const projection of options.projections) {
      this.followers.set(projection.name, {
        projection: asManyDocument(projection),
        position: 0,
        attached: true,
        recent: new Map(),
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
    for (const deleted of await this.reads.find(DELETED_USERS.name)) {
      this.deletedUsers.set(deleted.id, Number(deleted[POSITION_FIELD]));
    }
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
        folded.push(await this.fold(follower, events));
      } catch (error) {
        this.options.logger.error(
          { err: error, projection: follower.projection.name },
          'projection failed on a batch; retrying it alone',
        );
        this.retryAlone(follower);
      }
    }
    if (folded.length === 0) return;

    const writes = new Map<string, DocumentWrite>();
    for (const { writes: own } of folded) {
      for (const write of own) {
        writes.set(`${write.collection}/${writtenId(write)}`, write);
      }
    }
    const notices = folded.flatMap((result) => result.notices);
    // The notices go into the read store's change feed in the same transaction, for processes
    // that cannot hear this runner (query services in the distributed deployment).
    const batch = {
      checkpoints: Object.fromEntries(folded.map(({ follower }) => [follower.projection.name, last])),
      writes: [...writes.values()],
      notices: this.options.changeFeed ? notices : [],
      erasing: folded.some((result) => result.erasing),
      fence: this.fence,
    };
    try {
      await this.options.readStore.commit(batch);
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

  /** What a batch does to one projection's documents, without writing anything. */
  private async fold(follower: Follower, events: RecordedEvent[]): Promise<Folded> {
    const { projection } = follower;
    const collection = projection.collection.name;
    // What the batch made of each document it changed, as the projection returned it; stamped
    // with its position once, at the end, however many of the batch's events changed it.
    const documents = new Map<string, Document | null>();
    /** Per document the batch changed, the event of its last change. */
    const lastChange = new Map<string, RecordedEvent>();
    /** Per document the batch changed, what the store held before the batch (null: nothing). */
    const before = new Map<string, Document | null>();

    // What the batch read from the store and has not written (null: not there): a document
    // every event reads and few change (the actor's row in admin_users) is read once a batch.
    // Only this fold writes the collection while it runs, so what was read stays true.
    const loaded = new Map<string, Document | null>();
    /** What the batch already knows of a document (null: not there), undefined if it must be read. */
    const known = (id: string): Document | null | undefined => {
      if (documents.has(id)) return documents.get(id) ?? null;
      if (follower.recent.has(id)) return follower.recent.get(id) ?? null;
      return loaded.get(id);
    };
    const read = async (id: string): Promise<Document | null> => {
      const found = await this.reads.get(collection, id);
      loaded.set(id, found);
      return found;
    };
    // Not async functions: a fold makes these calls for every event and projection, and
    // each async layer is one more promise for the collector.
    const load = (id: string): Promise<Document | null> => {
      const hit = known(id);
      return hit === undefined ? read(id) : Promise.resolve(hit);
    };
    const record = (id: string, current: Document | null, evolved: Document | null, event: RecordedEvent) => {
      // The very document back (an event it ignores): nothing to write or announce.
      if (evolved === current) return;
      if (!before.has(id)) before.set(id, current);
      documents.set(id, evolved);
      lastChange.set(id, event);
    };
    // A document the batch changed is at its last change's position (what it holds may carry
    // an older one, spread from the stored document); any other at the one it was stored with.
    const positionOf = (id: string, current: Document) =>
      lastChange.get(id)?.position ?? Number(current[POSITION_FIELD]);
    const isNewer = (id: string, current: Document | null, event: RecordedEvent) =>
      !current || positionOf(id, current) < event.position;

    /**
     * Folds one step (an event, or the batch's finish at `event`, the last event it handled)
     * into the batch's documents, staging what it touches until the step is over.
     */
    const step = async (
      event: RecordedEvent,
      run: (view: ProjectionDocuments) => Promise<void>,
      finishing: boolean,
    ) => {
      const staged = new Map<string, Document | null>();
      const view: ProjectionDocuments = {
        get: (id) => (staged.has(id) ? Promise.resolve(staged.get(id) ?? null) : load(id)),
        set: (id, document) => {
          staged.set(id, document);
        },
      };
      await run(view);
      for (const [id, evolved] of staged) {
        const hit = known(id);
        const current = hit === undefined ? await read(id) : hit;
        // The finish writes at its last event, which may have written the document already.
        const stale = finishing ? !!current && positionOf(id, current) > event.position : !isNewer(id, current, event);
        if (stale) continue;
        const owner = evolved && ownerOf(projection, evolved);
        const deletedAt = owner ? this.deletedUsers.get(owner) : undefined;
        record(id, current, deletedAt !== undefined && event.position > deletedAt ? null : evolved, event);
      }
    };
    const batch: ProjectionBatch = new Map();
    let lastHandled: RecordedEvent | null = null;
    const finish = async () => {
      const finishing = projection.finish;
      if (finishing && lastHandled && batch.size > 0) {
        await step(lastHandled, (view) => finishing(view, batch), true);
      }
      batch.clear();
    };

    let erasing = false;
    // The deleted accounts' rows first (as the batch meets them), then the documents it changed.
    const writes: DocumentWrite[] = [];
    let sinceYield = 0;
    for (const event of events) {
      // The stores may answer synchronously (SQLite): a long batch lets requests in as it goes.
      if (++sinceYield > this.options.batchSize) {
        sinceYield = 1;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (event.position <= follower.position) continue;
      if (event.type === USER_DELETED) {
        // What the batch left for later is done first: the deletion then takes it away too.
        await finish();
        erasing = true;
        // Account deletion is every projection's business: what the user owned goes, whatever
        // the collection, found by its owner field (committed documents and this batch's alike).
        const userId = String(event.data.userId);
        this.deletedUsers.set(userId, event.position);
        writes.push({
          collection: DELETED_USERS.name,
          op: 'upsert',
          document: { id: userId, [POSITION_FIELD]: event.position },
        });
        const owns = (document: Document | null | undefined) => !!document && ownerOf(projection, document) === userId;
        // What the store holds, then what this runner wrote since (recent) or in this batch.
        const owned = new Map<string, Document | null>();
        for (const document of await this.reads.find(collection, {
          where: { [projection.ownerField]: userId },
        })) {
          owned.set(document.id, document);
        }
        for (const [id, document] of [...follower.recent, ...documents]) {
          if (owned.has(id) || owns(document)) owned.set(id, document);
        }
        for (const [id, current] of owned) {
          if (owns(current) && isNewer(id, current, event)) record(id, current, null, event);
        }
        continue;
      }
      if (!projection.handles.includes(event.type)) continue;
      lastHandled = event;
      await step(event, (view) => projection.apply(event, view, batch, this.log), false);
    }
    await finish();
    const notices: ChangeNotice[] = [];
    for (const [id, event] of lastChange) {
      const evolved = documents.get(id) ?? null;
      const next = evolved && { ...evolved, [POSITION_FIELD]: event.position };
      documents.set(id, next);
      const was = before.get(id) ?? null;
      // What the batch changed in a stored document, said small (a set appended to a long
      // workout): pushed instead of the document, and written in place where the store can.
      const inPlace = this.options.readStore.changesInPlace;
      const shown = next ?? was;
      // Worked out for what is pushed (a document the projection announces, of a read model
      // shown as stored) or written in place; not for a projection's own working documents.
      const announced = !!shown && (projection.announces?.(shown) ?? true);
      const pushed = announced && !!projection.live;
      const changes = next && was && (inPlace || pushed) ? diffDocuments(was, next, UNCHANGED_BY_THE_STORE) : null;
      writes.push(
        !next
          ? { collection, op: 'delete', id, position: event.position }
          : changes && inPlace
            ? { collection, op: 'patch', id, changes, document: next }
            : { collection, op: 'upsert', document: next },
      );
      if (shown && announced) {
        notices.push({
          model: collection,
          id,
          userId: ownerOf(projection, shown),
          op: next ? 'upsert' : 'delete',
          position: event.position,
          correlationId: event.metadata.correlationId ?? null,
          ...(next && pushed && projection.live && liveChange(next, changes, projection.live.omit)),
        });
      }
    }
    return { follower, writes, notices, documents, loaded, erasing };
  }
}

/** What a change leaves to the store: the position, which it keeps beside the document. */
const UNCHANGED_BY_THE_STORE = [POSITION_FIELD];

/**
 * What a notice of a shown read model carries, in the API's shape: the steps of the change, or
 * the document whole when it is new or changed beyond a few steps.
 */
function liveChange(next: Document, changes: DocumentChange[] | null, omit: readonly string[]) {
  if (changes) {
    return { changes: changes.filter((change) => !omit.includes(change.path[0] as string)) };
  }
  const { [POSITION_FIELD]: _position, ...document } = next;
  for (const field of omit) delete document[field];
  return { document };
}

/** A one-document projection as the runner follows every projection: one event, one document. */
function asManyDocument(projection: AnyProjection): ManyDocumentProjection {
  if ('apply' in projection) return projection;
  const single = projection as Projection;
  return {
    name: single.name,
    version: single.version,
    collection: single.collection,
    handles: single.handles,
    ownerField: single.ownerField,
    live: single.live,
    announces: single.announces,
    apply: async (event, documents) => {
      const id = single.documentId(event);
      documents.set(id, single.evolve(await documents.get(id), event));
    },
  };
}

/** Keeps the newest documents, dropping the least recently written beyond the limit. */
function remember(recent: Map<string, Document | null>, documents: Map<string, Document | null>) {
  for (const [id, document] of documents) {
    recent.delete(id);
    recent.set(id, document);
  }
  for (const id of recent.keys()) {
    if (recent.size <= RECENT_DOCUMENTS) break;
    recent.delete(id);
  }
}
