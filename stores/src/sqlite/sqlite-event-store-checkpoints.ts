import { once } from 'node:events';
import { type MessagePort, Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { checkpoint } from './open-database.ts';

/** What the checkpoint thread is asked: one PASSIVE checkpoint, or to close its connection and end. */
export type CheckpointRequest = 'checkpoint' | 'close';
/** Its answer to a checkpoint: done, or the error. */
export type CheckpointAnswer = { done: true } | { failed: { message: string; code?: string } };
/** What the thread is started with. */
export type CheckpointWorkerData = { file: string };

/** The thread the store starts unless a test gives another. */
export const CHECKPOINT_WORKER = new URL('./sqlite-event-store-checkpoint-worker.ts', import.meta.url);

/**
 * The log is copied into the main file after about this many events (SQLite's own default of
 * 1,000 pages is about as many events of P1's group commits, a page each).
 */
const CHECKPOINT_AFTER_EVENTS = 1000;
/**
 * While a checkpoint runs, appends go on until this many more events were committed; then they
 * wait for it (a slow disk), so the log never holds much more than the events of two of them.
 */
const MOST_EVENTS_DURING_CHECKPOINT = 1000;

/**
 * Copies the event log's write-ahead log into the main file on a thread of its own, with a
 * connection of its own (synchronous=FULL: the log is synced before its pages are copied, the
 * main file after), so the request thread neither copies nor waits for those syncs: appends,
 * reads and every other request go on meanwhile. SQLite lets a PASSIVE checkpoint run beside a
 * writer; it copies what was committed when it began.
 *
 * The log starts again from its beginning only at a commit that finds every frame of it copied.
 * Under steady appends each checkpoint ends with a few more committed meanwhile, so it would
 * grow for ever; after a checkpoint that had appends beside it comes a second one with appends
 * held (queued, the thread free), which copies those few, and the next commit starts the log
 * again. Appends are held too once `MOST_EVENTS_DURING_CHECKPOINT` events were committed while
 * one checkpoint runs. So, unless another reader keeps an old snapshot (as for any checkpoint),
 * the log holds at most about 2,000 events and two group commits (the one that asked for the
 * checkpoint, the one that held appends), against about 1,000 when this thread checkpointed.
 *
 * A failed checkpoint, or a thread that stopped, is told to `onFailure`: the store fails, as for
 * a failed sync. The thread starts with the first checkpoint (a store that only reads never
 * starts it) and keeps the process alive only while a checkpoint or its close is under way.
 */
export class CheckpointThread {
  private worker: Worker | null = null;
  private running: 'beside appends' | 'appends held' | null = null;
  private eventsSinceAsked = 0;
  private holding = false;
  /** No checkpoint is asked for any more: the store closes, or one failed. */
  private ended = false;
  private failed = false;
  private idle: (() => void)[] = [];
  private readonly options: {
    file: string;
    module: URL;
    onFailure: (error: Error) => void;
    /** Held appends may be committed now. */
    onRelease: () => void;
  };

  constructor(options: CheckpointThread['options']) {
    this.options = options;
  }

  /** Whether appends wait for the checkpoint under way before they are committed. */
  get holdsAppends() {
    return this.holding;
  }

  /** The store committed `events` new events. */
  committed(events: number) {
    this.eventsSinceAsked += events;
    if (this.ended) return;
    if (this.running === null) {
      if (this.eventsSinceAsked >= CHECKPOINT_AFTER_EVENTS) this.ask('beside appends');
    } else if (this.eventsSinceAsked >= MOST_EVENTS_DURING_CHECKPOINT) {
      this.holding = true;
    }
  }

  /**
   * Lets the checkpoint under way end, releases the appends it held, and closes the thread's
   * connection: the store's own is then the file's last in this process, and copies the log
   * into the main file as it closes.
   */
  async close() {
    this.ended = true;
    if (this.running) await new Promise<void>((resolve) => this.idle.push(resolve));
    this.release();
    const worker = this.worker;
    if (!worker) return;
    const exited = once(worker, 'exit');
    worker.ref();
    worker.postMessage('close' satisfies CheckpointRequest);
    await exited;
  }

  private ask(kind: NonNullable<CheckpointThread['running']>) {
    this.running = kind;
    this.eventsSinceAsked = 0;
    if (kind === 'appends held') this.holding = true;
    const worker = this.worker ?? this.start();
    // The process waits for a checkpoint under way (and for its close), not for an idle thread.
    worker.ref();
    worker.postMessage('checkpoint' satisfies CheckpointRequest);
  }

  private start() {
    const workerData: CheckpointWorkerData = { file: this.options.file };
    const worker = new Worker(this.options.module, { workerData });
    worker.unref();
    worker.on('message', (answer: CheckpointAnswer) => this.answered(answer));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      this.worker = null;
      // Asked to close, it ends; at any other time it stopped with the store still using it.
      if (!this.ended) this.fail(new Error(`The checkpoint thread stopped (exit code ${code}).`));
    });
    this.worker = worker;
    return worker;
  }

  private answered(answer: CheckpointAnswer) {
    const ran = this.running;
    this.running = null;
    this.worker?.unref();
    if ('failed' in answer) {
      this.fail(Object.assign(new Error(answer.failed.message), { code: answer.failed.code }));
      return;
    }
    if (ran === 'beside appends' && this.eventsSinceAsked > 0 && !this.ended) this.ask('appends held');
    else this.release();
    this.wakeIdle();
  }

  private fail(error: Error) {
    if (this.failed) return;
    this.failed = true;
    this.ended = true;
    this.running = null;
    this.options.onFailure(error);
    this.release();
    this.wakeIdle();
  }

  private release() {
    if (!this.holding) return;
    this.holding = false;
    this.options.onRelease();
  }

  private wakeIdle() {
    const idle = this.idle;
    this.idle = [];
    for (const resolve of idle) resolve();
  }
}

/** The thread's side: answers each request on `port` with a checkpoint of `db`. */
export function answerCheckpoints(port: MessagePort, db: Database.Database) {
  port.on('message', (request: CheckpointRequest) => {
    if (request === 'close') {
      db.close();
      port.close();
      return;
    }
    port.postMessage(checkpointAnswer(db));
  });
}

/** One PASSIVE checkpoint of `db`, synced (see `checkpoint`), as the store is answered it. */
export function checkpointAnswer(db: Database.Database): CheckpointAnswer {
  try {
    checkpoint(db, 'PASSIVE');
    return { done: true };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    return { failed: { message: message ?? String(error), code } };
  }
}
