import { Worker } from 'node:worker_threads';
import { InvalidInput } from '@fitness/contracts';
import type { ParsedExport, ParseOptions } from './csv-formats.ts';
import type { ParseAnswer, ParseRequest } from './parse-worker.ts';

type Pending = { resolve: (parsed: ParsedExport) => void; reject: (error: Error) => void };

/**
 * Reads uploaded exports on a worker thread. A 5 MB file takes the parser tens of milliseconds
 * warm and more cold; on the thread that answers every request, each upload would hold up
 * everyone else's for that long. One worker, not keeping the process alive, started with the
 * server (see routes.ts: a cold start is about 100 ms) or else by the first upload; uploads
 * queue on it in turn. A refused file is refused with the same field messages as the parser's
 * own; a worker that dies fails what it held, and the next upload starts a new one.
 */
export class ExportParser {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Whether a worker is running (started, and not stopped since). */
  get running() {
    return this.worker !== null;
  }

  /** Starts the worker ahead of the first upload, unless one runs. */
  start() {
    this.worker ??= this.spawn();
  }

  parse(csv: string, options: ParseOptions): Promise<ParsedExport> {
    this.start();
    const worker = this.worker as Worker;
    const id = this.nextId++;
    return new Promise<ParsedExport>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, csv, options } satisfies ParseRequest);
    });
  }

  /** Stops the worker; uploads it held fail. */
  async close() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.failAll(new Error('The export parser was closed.'));
  }

  private spawn() {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      if ('parsed' in answer) pending.resolve(answer.parsed);
      else if ('refused' in answer) pending.reject(new InvalidInput(answer.refused ?? {}, answer.message));
      else pending.reject(new Error(`Reading the export failed: ${answer.failure}`));
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The export parser stopped (exit code ${code}).`)));
    return worker;
  }

  private failAll(error: Error) {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** The process's parser: uploads from every route share its one worker. */
export const exportParser = new ExportParser();
