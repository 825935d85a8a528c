/**
 * Runs tasks one at a time in the order they were queued: the runner's batches, a rebuilt
 * projection rejoining the subscription and a failed one retrying never interleave.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // A failed task is its caller's to handle; the queue goes on with the next.
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once everything queued so far has finished. */
  idle() {
    return this.run(async () => undefined);
  }
}
