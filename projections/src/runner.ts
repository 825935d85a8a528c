import { EventEmitter } from 'node:events';
import { type ChangeNotice, type RecordedEvent, USER_DELETED } from '@fitness/contracts';
import {
  type CollectionDefinition,
  type Document,
  type DocumentWrite,
  type EventStore,
  POSITION_FIELD,
  type ReadStore,
  type Subscription,
} from '@fitness/stores';
import type { Logger } from './logger.ts';
import type { ProjectionProgress } from './progress.ts';
import { ownerOf, type Projection } from './projection.ts';

type Running = {
  projection: Projection;
  position: number;
  subscription: Subscription | null;
  /**
   * The documents this runner wrote last, most recently used last. The runner is its
   * collections' only writer, so what it wrote is what the store holds, and a busy workout is
   * not read back and parsed again for every batch.
   */
  recent: Map<string, Document | null>;
};

const RECENT_DOCUMENTS = 1000;

/**
 * The ids of deleted accounts (nothing else: an id says nothing about a person), kept by the
 * runner for all projections, so a write that reached the log after an account's deletion
 * (a request under way on another server at that moment) never puts a document back.
 */
const DELETED_USERS: CollectionDefinition = { name: 'deleted_users', indexes: [] };

export type RunnerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Projection[];
  logger: Logger;
  batchSize?: number;
  /** Pause before a failed projection resumes from its last committed position. */
  retryDelayMs?: number;
};

/**
 * Keeps every projection up to date: each catches up from its stored checkpoint, then follows
 * the log live. A batch's document writes and the new checkpoint commit together, so killing
 * the process at any instant loses nothing and repeats nothing. After each commit the runner
 * announces what changed, which the socket channel pushes to browsers: in-process listeners
 * hear it at once, other processes read it from the read store's change feed.
 */
export class ProjectionRunner implements ProjectionProgress {
  private readonly options: Required<RunnerOptions>;
  private readonly running = new Map<string, Running>();
  private readonly projectionOfModel = new Map<string, string>();
  private readonly emitter = new EventEmitter();
  /** Deleted account id -> the position of its deletion. */
  private readonly deletedUsers = new Map<string, number>();
  private stopped = false;

  constructor(options: RunnerOptions) {
    this.options = { batchSize: 500, retryDelayMs: 1000, ...options };
    this.emitter.setMaxListeners(0);
    for (const projection of options.projections) {
      this.running.set(projection.name, { projection, position: 0, subscription: null, recent: new Map() });
      this.projectionOfModel.set(projection.collection.name, projection.name);
    }
  }

  /** Creates the collections; the runner reads and rebuilds but does not follow the log. */
  async prepare() {
    await this.options.readStore.ensureCollections([
      ...this.options.projections.map((p) => p.collection),
      DELETED_USERS,
    ]);
    for (const deleted of await this.options.readStore.find(DELETED_USERS.name)) {
      this.deletedUsers.set(deleted.id, Number(deleted[POSITION_FIELD]));
    }
    for (const running of this.running.values()) {
      running.position = await this.options.readStore.checkpoint(running.projection.name);
    }
  }

  /** Prepares, starts over any projection whose code changed, then follows the log with each. */
  async start() {
    await this.prepare();
    for (const running of this.running.values()) await this.startOverIfChanged(running);
    for (const running of this.running.values()) this.follow(running);
  }

  /** A projection whose version differs from the one that built its documents is rebuilt. */
  private async startOverIfChanged(running: Running) {
    const { name, version } = running.projection;
    const built = await this.options.readStore.projectionVersion(name);
    if (built === version) return;
    if (built !== 0 || running.position !== 0) {
      this.options.logger.info({ projection: name, from: built, to: version }, 'projection changed; rebuilding it');
    }
    await this.startOver(running);
  }

  /** Drops a projection's documents and checkpoint, recording the version that builds them anew. */
  private async startOver(running: Running) {
    const { name, version, collection } = running.projection;
    await this.options.readStore.reset(name, [collection.name], version);
    running.position = 0;
    running.recent.clear();
  }

  async stop() {
    this.stopped = true;
    await Promise.all([...this.running.values()].map((running) => this.unfollow(running)));
  }

  /** Listens to every change the projections commit. Returns the unsubscribe function. */
  onChange(listener: (notice: ChangeNotice) => void) {
    this.emitter.on('change', listener);
    return () => {
      this.emitter.off('change', listener);
    };
  }

  /** The position each projection has committed up to. */
  positions(): Record<string, number> {
    return Object.fromEntries([...this.running].map(([name, running]) => [name, running.position]));
  }

  async waitFor(models: string[], position: number, timeoutMs: number) {
    const names = models.map((model) => this.projectionOfModel.get(model) ?? model);
    const reached = () =>
      names.every((name) => (this.running.get(name)?.position ?? Number.POSITIVE_INFINITY) >= position);
    if (reached()) return true;
    return new Promise<boolean>((resolve) => {
      const onProgress = () => {
        if (!reached()) return;
        finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.emitter.off('progress', onProgress);
        resolve(result);
      };
      this.emitter.on('progress', onProgress);
    });
  }

  /**
   * Drops a projection's documents and checkpoint and replays the whole log into it.
   * Interrupted, it resumes from the last committed batch on the next start.
   */
  async rebuild(name: string, onProgress?: (position: number, head: number) => void) {
    const running = this.running.get(name);
    if (!running) throw new Error(`Unknown projection: ${name}`);
    const wasFollowing = running.subscription !== null;
    await this.unfollow(running);
    await this.startOver(running);
    await this.catchUp(running, onProgress);
    if (wasFollowing && !this.stopped) this.follow(running);
  }

  /** Applies the log up to its current head, in batches (used by rebuild and the tools). */
  async catchUp(running: Running | string, onProgress?: (position: number, head: number) => void) {
    const target = typeof running === 'string' ? this.running.get(running) : running;
    if (!target) throw new Error(`Unknown projection: ${running}`);
    const head = await this.options.eventStore.headPosition();
    while (target.position < head) {
      const batch = await this.options.eventStore.readAll({
        fromPosition: target.position,
        maxCount: this.options.batchSize,
      });
      if (batch.length === 0) break;
      await this.apply(target, batch);
      onProgress?.(target.position, head);
    }
  }

  private follow(running: Running) {
    if (this.stopped) return;
    running.subscription = this.options.eventStore.subscribeToAll({
      fromPosition: running.position,
      onEvents: async (events) => {
        for (let start = 0; start < events.length; start += this.options.batchSize) {
          await this.apply(running, events.slice(start, start + this.options.batchSize));
        }
      },
      onError: (error) => {
        this.options.logger.error({ err: error, projection: running.projection.name }, 'projection stopped; retrying');
        running.subscription = null;
        setTimeout(() => this.follow(running), this.options.retryDelayMs).unref();
      },
    });
  }

  private async unfollow(running: Running) {
    const subscription = running.subscription;
    running.subscription = null;
    await subscription?.stop();
  }

  private async apply(running: Running, events: RecordedEvent[]) {
    const last = events.at(-1)?.position ?? 0;
    if (last <= running.position) return;
    const { projection } = running;
    const collection = projection.collection.name;
    const documents = new Map<string, Document | null>();
    const writes = new Map<string, DocumentWrite>();
    const changes = new Map<string, ChangeNotice>();

    const load = async (id: string): Promise<Document | null> =>
      documents.has(id)
        ? (documents.get(id) ?? null)
        : running.recent.has(id)
          ? (running.recent.get(id) ?? null)
          : await this.options.readStore.get(collection, id);
    const record = (id: string, current: Document | null, evolved: Document | null, position: number) => {
      const next = evolved ? { ...evolved, [POSITION_FIELD]: position } : null;
      documents.set(id, next);
      if (next) {
        writes.set(id, { collection, op: 'upsert', document: next });
      } else if (current) {
        writes.set(id, { collection, op: 'delete', id, position });
      }
      const owner = next ?? current;
      if (owner) {
        changes.set(id, {
          model: collection,
          id,
          userId: ownerOf(projection, owner),
          op: next ? 'upsert' : 'delete',
          position,
        });
      }
    };
    const isNewer = (current: Document | null, event: RecordedEvent) =>
      !current || Number(current[POSITION_FIELD]) < event.position;

    let erasing = false;
    for (const event of events) {
      if (event.position <= running.position) continue;
      if (event.type === USER_DELETED) {
        erasing = true;
        // Account deletion is every projection's business: what the user owned goes, whatever
        // the collection, found by its owner field (committed documents and this batch's alike).
        const userId = String(event.data.userId);
        this.deletedUsers.set(userId, event.position);
        writes.set(`${DELETED_USERS.name}/${userId}`, {
          collection: DELETED_USERS.name,
          op: 'upsert',
          document: { id: userId, [POSITION_FIELD]: event.position },
        });
        const owns = (document: Document | null | undefined) => !!document && ownerOf(projection, document) === userId;
        // What the store holds, then what this runner wrote since (recent) or in this batch.
        const owned = new Map<string, Document | null>();
        for (const document of await this.options.readStore.find(collection, {
          where: { [projection.ownerField]: userId },
        })) {
          owned.set(document.id, document);
        }
        for (const [id, document] of [...running.recent, ...documents]) {
          if (owned.has(id) || owns(document)) owned.set(id, document);
        }
        for (const [id, current] of owned) {
          if (owns(current) && isNewer(current, event)) record(id, current, null, event.position);
        }
        continue;
      }
      if (!projection.handles.includes(event.type)) continue;
      const id = projection.documentId(event);
      const current = await load(id);
      if (!isNewer(current, event)) continue;
      const evolved = projection.evolve(current, event);
      const owner = evolved && ownerOf(projection, evolved);
      const deletedAt = owner ? this.deletedUsers.get(owner) : undefined;
      record(id, current, deletedAt !== undefined && event.position > deletedAt ? null : evolved, event.position);
    }

    const notices = [...changes.values()];
    // The notices go into the read store's change feed in the same transaction, for processes
    // that cannot hear this runner (query services in the distributed deployment).
    try {
      await this.options.readStore.commit(projection.name, [...writes.values()], last, notices, { erasing });
    } catch (error) {
      // Nothing was written: forget what this batch would have left, so a retry reads the store.
      for (const id of documents.keys()) running.recent.delete(id);
      throw error;
    }
    running.position = last;
    remember(running.recent, documents);
    for (const notice of notices) this.emitter.emit('change', notice);
    this.emitter.emit('progress');
  }
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
