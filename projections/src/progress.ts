import type { ProjectionProgress } from '@fitness/contracts';
import type { ReadStore } from '@fitness/stores';
import { allProjections } from './all-projections.ts';

export type { ProjectionProgress };

/**
 * Progress seen from another process (distributed mode): polls the checkpoints the projections
 * process commits, only while someone is waiting.
 */
export class PolledProjectionProgress implements ProjectionProgress {
  private readonly readStore: ReadStore;
  private readonly projectionOfModel: Map<string, string>;
  private readonly pollMs: number;

  constructor(readStore: ReadStore, projectionOfModel: Map<string, string>, pollMs = 25) {
    this.readStore = readStore;
    this.projectionOfModel = projectionOfModel;
    this.pollMs = pollMs;
  }

  async waitFor(models: string[], position: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const checkpoints = await this.readStore.checkpoints();
      const reached = models.every(
        (model) => (checkpoints[this.projectionOfModel.get(model) ?? model] ?? 0) >= position,
      );
      if (reached) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}

/**
 * For a process that reads the read models while another process runs the projections (the
 * services of the distributed deployment): creates the collections if that process has not
 * yet (a read store only serves collections it was told about), and returns the projections'
 * progress polled from the checkpoints it commits.
 */
export async function pollProjectionProgress(readStore: ReadStore): Promise<ProjectionProgress> {
  await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
  return new PolledProjectionProgress(
    readStore,
    new Map(allProjections.map((projection) => [projection.collection.name, projection.name])),
  );
}
