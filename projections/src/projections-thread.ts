import { Worker } from 'node:worker_threads';
import type { ChangeNotice } from '@fitness/contracts';
import type { Config } from '@fitness/platform/config.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import { type EventStore, SqliteEventStore } from '@fitness/stores';
import { allProjections } from './all-projections.ts';
import { CommitAnnouncements } from './commit-announcements.ts';

/** What the server's thread asks of the projections thread. */
export type ToThread =
  | { kind: 'appended'; durablePosition: number }
  | { kind: 'rebuild'; id: number; name: string }
  | { kind: 'stop' };

/** What the thread is started with. */
export type ThreadData = { config: Config; durablePosition: number };

/** What the projections thread tells the server's thread. */
export type FromThread =
  | { kind: 'started'; positions: Record<string, number> }
  | { kind: 'failed'; error: Error }
  | {
      kind: 'committed';
      notices: ChangeNotice[];
      events: number;
      positions: Record<string, number>;
      batches: number;
    }
  | { kind: 'rebuilt'; id: number; error: Error | null; positions: Record<string, number> }
  | { kind: 'log'; level: 'info' | 'error'; object: object; message?: string }
  | { kind: 'sync-log' }
  | { kind: 'stopped' };

const WORKER = new URL('./projections-thread-worker.ts', import.meta.url);
/** How long a thread that said it stopped gets to end by itself before it is terminated. */
const STOPPED_THREAD_GRACE_MS = 2_000;

/** The projection that keeps each read model (collection), as `waitFor` is asked by model. */
const projectionOfModel = new Map(allProjections.map((projection) => [projection.collection.name, projection.name]));

/**
 * The embedded server's projections runner, on a thread of its own (a worker thread with its own
 * connections to the stores), seen from the thread that serves requests as if it ran there: its
 * positions, `waitFor`, each change it commits, a rebuild.
 *
 * Why a thread: folding a set into four to six read models and committing them was about 40% of
 * the request thread's time under load, and every batch held back the requests waiting behind
 * it. On its own thread the fold uses the second core, and the request thread answers commands
 * while a batch folds. What the runner promises stays: each batch commits with its checkpoints
 * in one transaction, and the notices reach listeners after the commit, before `waitFor` sees
 * the batch's position (they cross in one message).
 *
 * The worker is started again if it dies (an uncaught error in a projection's code would have
 * stopped the whole process before); the runner resumes from its checkpoints.
 */
export class ProjectionsThread {
  private readonly config: Config;
  private readonly eventStore: EventStore;
  private readonly logger: Logger;
  private readonly restartDelayMs: number;
  private readonly announcements: CommitAnnouncements;
  private worker: Worker | null = null;
  private latest: Record<string, number> = {};
  private batches = 0;
  private stopping = false;
  private nextRequest = 1;
  private readonly rebuilds = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private stopAppendHints: (() => void) | null = null;

  constructor(options: { config: Config; eventStore: EventStore; logger: Logger; restartDelayMs?: number }) {
    this.config = options.config;
    this.eventStore = options.eventStore;
    this.logger = options.logger;
    this.restartDelayMs = options.restartDelayMs ?? 1000;
    this.announcements = new CommitAnnouncements({
      projectionOfModel,
      positionOf: (name) => this.latest[name],
      headPosition: () => this.eventStore.headPosition(),
    });
  }

  /** Starts the thread and resolves once its runner follows the log (as `ProjectionRunner.start`). */
  async start() {
    this.stopping = false;
    // The thread's own connection reads only what this one made durable, told at each sync.
    if (this.eventStore instanceof SqliteEventStore && !this.stopAppendHints) {
      this.stopAppendHints = this.eventStore.onAppend((durablePosition) =>
        this.worker?.postMessage({ kind: 'appended', durablePosition } satisfies ToThread),
      );
    }
    await this.spawn();
  }

  private spawn() {
    return new Promise<void>((resolve, reject) => {
      const durablePosition = this.eventStore instanceof SqliteEventStore ? this.eventStore.durablePosition() : 0;
      const worker = new Worker(WORKER, { workerData: { config: this.config, durablePosition } satisfies ThreadData });
      this.worker = worker;
      let started = false;
      worker.on('message', (message: FromThread) => {
        if (message.kind === 'started') {
          started = true;
          this.latest = message.positions;
          resolve();
        } else if (message.kind === 'failed') {
          reject(message.error);
        } else {
          this.receive(message);
        }
      });
      worker.on('error', (error) => {
        this.logger.error({ err: error }, 'the projections thread failed');
        if (!started) reject(error);
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = null;
        for (const [id, rebuild] of this.rebuilds) {
          rebuild.reject(new Error('The projections thread stopped before the rebuild finished.'));
          this.rebuilds.delete(id);
        }
        if (!started) reject(new Error(`The projections thread exited (${code}) before it started.`));
        else if (!this.stopping) this.restartLater(code);
      });
    });
  }

  private restartLater(code: number) {
    this.logger.error({ code }, 'the projections thread stopped; starting it again from the checkpoints');
    setTimeout(() => {
      if (this.stopping) return;
      this.spawn().catch((error) => {
        this.logger.error({ err: error }, 'the projections thread did not start again');
        this.restartLater(-1);
      });
    }, this.restartDelayMs).unref();
  }

  private receive(message: Exclude<FromThread, { kind: 'started' | 'failed' }>) {
    switch (message.kind) {
      case 'committed':
        this.batches = message.batches;
        this.latest = message.positions;
        this.announcements.announce(message.notices, message.events);
        return;
      case 'rebuilt': {
        this.latest = message.positions;
        const rebuild = this.rebuilds.get(message.id);
        this.rebuilds.delete(message.id);
        if (message.error) rebuild?.reject(message.error);
        else rebuild?.resolve();
        return;
      }
      case 'log':
        this.logger[message.level](message.object, message.message);
        return;
      case 'sync-log':
        // The thread found events past the durable head that no append here covers (another
        // process's): synced here, they reach it as any append does.
        if (this.eventStore instanceof SqliteEventStore) this.eventStore.syncAppendsElsewhere();
        return;
      case 'stopped': {
        // Its stores are closed and it has closed its port, so its event loop drains and the
        // thread ends by itself. Terminating it at once could stop it in the middle of native
        // teardown (better-sqlite3's connections being freed), which is where a worker's exit
        // has crashed a process before; terminating is only the fallback for a thread that
        // does not end.
        const worker = this.worker;
        const fallback = setTimeout(() => void worker?.terminate(), STOPPED_THREAD_GRACE_MS);
        worker?.once('exit', () => clearTimeout(fallback));
        return;
      }
    }
  }

  /** Listens to every change the projections commit. Returns the unsubscribe function. */
  onChange(listener: (notice: ChangeNotice) => void) {
    return this.announcements.onChange(listener);
  }

  /** Hears each committed batch: how many events of the log it folded in. */
  onCommitted(listener: (events: number) => void) {
    return this.announcements.onCommitted(listener);
  }

  /** The position each projection has committed up to, as last heard from the thread. */
  positions(): Record<string, number> {
    return { ...this.latest };
  }

  /** How many batches the thread's runner committed since it started. */
  committedBatches() {
    return this.batches;
  }

  /** As `ProjectionRunner.waitFor`. */
  waitFor(models: string[], position: number, timeoutMs: number) {
    return this.announcements.waitFor(models, position, timeoutMs);
  }

  /** Drops a projection's documents and replays the log into it, on the thread (see `ProjectionRunner.rebuild`). */
  rebuild(name: string) {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('The projections thread is not running.'));
    const id = this.nextRequest++;
    return new Promise<void>((resolve, reject) => {
      this.rebuilds.set(id, { resolve, reject });
      worker.postMessage({ kind: 'rebuild', id, name } satisfies ToThread);
    });
  }

  /** Stops the runner (its batch under way commits), closes the thread's stores, and ends it. */
  async stop() {
    this.stopping = true;
    this.stopAppendHints?.();
    this.stopAppendHints = null;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ kind: 'stop' } satisfies ToThread);
    await exited;
  }
}
