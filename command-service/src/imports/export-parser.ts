import { Worker } from 'node:worker_threads';
import { InvalidInput } from '@fitness/contracts';
import { jsonBodyRefusal } from '@fitness/platform/json-body.ts';
import type { ParsedExport, ParseOptions } from './csv-formats.ts';
import type { ParseAnswer, ParseRequest } from './parse-worker.ts';

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/**
 * Reads uploaded exports, and the JSON bodies that carry them, on a worker thread. A 5 MB file
 * takes the parser tens of milliseconds warm, and its 10 MB of JSON about 150 ms; on the thread
 * that answers every request, each upload would hold up everyone else's for that long. One
 * worker, not keeping the process alive, started with the server (see routes.ts: a cold start
 * is about 100 ms) or else by the first upload; uploads queue on it in turn. A refused file or
 * body is refused with the same messages as on the request thread; a worker that dies fails
 * what it held, and the next upload starts a new one.
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
    return this.ask((id) => ({ id, csv, options }));
  }

  /**
   * An upload's JSON body, read as the request thread reads JSON (installBoundedJsonParser):
   * its value, or the same refusal (422 empty or not JSON, 413 too complex). The bytes are
   * handed over, not copied, when they fill their own memory (as a body of megabytes does).
   */
  readJson(bytes: Buffer): Promise<unknown> {
    const ownsItsMemory = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const json = ownsItsMemory ? bytes : new Uint8Array(bytes);
    return this.ask((id) => ({ id, json }), [json.buffer as ArrayBuffer]);
  }

  /** Stops the worker; uploads it held fail. */
  async close() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.failAll(new Error('The export parser was closed.'));
  }

  private ask<T>(request: (id: number) => ParseRequest, transfer: ArrayBuffer[] = []): Promise<T> {
    this.start();
    const worker = this.worker as Worker;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage(request(id), transfer);
    });
  }

  private spawn() {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url));
    worker.on('message', (answer: ParseAnswer) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      if ('parsed' in answer) pending.resolve(answer.parsed as never);
      else if ('body' in answer) pending.resolve(answer.body as never);
      else if ('bodyRefused' in answer) pending.reject(jsonBodyRefusal(answer.bodyRefused));
      else if ('refused' in answer) pending.reject(new InvalidInput(answer.refused ?? {}, answer.message));
      else pending.reject(new Error(`Reading the export failed: ${answer.failure}`));
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The export parser stopped (exit code ${code}).`)));
    // After the listeners: a 'message' listener added to an unref'd worker refs its port again,
    // which kept `npm run demo` (and any script that closes its server) from ever exiting.
    worker.unref();
    return worker;
  }

  private failAll(error: Error) {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** The process's parser: uploads from every route share its one worker. */
export const exportParser = new ExportParser();
