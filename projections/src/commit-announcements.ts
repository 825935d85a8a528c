import { EventEmitter } from 'node:events';
import type { ChangeNotice } from '@fitness/contracts';

/**
 * What a runner tells of its commits, wherever it folds: each change, each committed batch, and
 * `waitFor` a position. The runner announces its own commits; the embedded server's
 * `ProjectionsThread` announces those its worker's runner reports.
 */
export class CommitAnnouncements {
  private readonly emitter = new EventEmitter();
  private readonly options: {
    /** The projection that keeps each read model (collection): `waitFor` is asked by model. */
    projectionOfModel: ReadonlyMap<string, string>;
    /** How far a projection has committed (undefined for one this runner does not keep). */
    positionOf(projection: string): number | undefined;
    headPosition(): Promise<number>;
  };

  constructor(options: CommitAnnouncements['options']) {
    this.options = options;
    this.emitter.setMaxListeners(0);
  }

  /**
   * After a commit, once the positions moved: its notices first, so that a listener dropping a
   * cached document has dropped it by the time a write waiting for the batch answers.
   */
  announce(notices: ChangeNotice[], events: number) {
    for (const notice of notices) this.emitter.emit('change', notice);
    this.emitter.emit('progress', events);
  }

  /** Listens to every change the projections commit. Returns the unsubscribe function. */
  onChange(listener: (notice: ChangeNotice) => void) {
    this.emitter.on('change', listener);
    return () => {
      this.emitter.off('change', listener);
    };
  }

  /** Hears each committed batch: how many events of the log it folded in. */
  onCommitted(listener: (events: number) => void) {
    this.emitter.on('progress', listener);
    return () => {
      this.emitter.off('progress', listener);
    };
  }

  /** Whether the models reached `position` within `timeoutMs`. */
  async waitFor(models: string[], position: number, timeoutMs: number) {
    const names = models.map((model) => this.options.projectionOfModel.get(model) ?? model);
    const reached = (target: number) =>
      names.every((name) => (this.options.positionOf(name) ?? Number.POSITIVE_INFINITY) >= target);
    if (reached(position)) return true;
    // No write answered with a position past the log's head: such a position (a made-up
    // X-Min-Position) is never reached, and waiting out the timeout for it would only hold the
    // request. The head is waited for instead: it holds every write answered so far, the
    // caller's own among them (a read's position is the larger of the two), and the answer
    // still says the position asked for was not reached.
    const head = await this.options.headPosition();
    const target = Math.min(position, head);
    // The runner may have moved on while the head was read.
    if (!reached(target)) {
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          this.emitter.off('progress', onProgress);
          resolve();
        };
        const onProgress = () => {
          if (reached(target)) finish();
        };
        const timer = setTimeout(finish, timeoutMs);
        this.emitter.on('progress', onProgress);
      });
    }
    return position <= head && reached(target);
  }
}
