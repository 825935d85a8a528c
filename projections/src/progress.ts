import type { ProjectionProgress } from '@fitness/contracts';
import type { ReadStore } from '@fitness/stores';
import { allProjections } from './all-projections.ts';
import { SharedCheckpointPoll } from './shared-checkpoint-poll.ts';

export type { ProjectionProgress };

/**
 * Progress seen from another process (distributed mode): the checkpoints the projections
 * process commits, polled only while someone is waiting, and once for all of them (see
 * SharedCheckpointPoll).
 */
export class PolledProjectionProgress implements ProjectionProgress {
  private readonly projectionOfModel: Map<string, string>;
  private readonly poll: SharedCheckpointPoll;

  constructor(readStore: ReadStore, projectionOfModel: Map<string, string>, pollMs = 25) {
    this.projectionOfModel = projectionOfModel;
    this.poll = new SharedCheckpointPoll(
      () => readStore.checkpoints(),
      () => new Promise((resolve) => setTimeout(resolve, pollMs)),
    );
  }

  waitFor(models: string[], position: number, timeoutMs: number) {
    return this.poll.waitFor(
      (checkpoints) =>
        models.every((model) => (checkpoints[this.projectionOfModel.get(model) ?? model] ?? 0) >= position),
      timeoutMs,
    );
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
