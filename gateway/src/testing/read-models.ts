import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { type EventStore, POSITION_FIELD, type ReadStore, SqliteEventStore, SqliteReadStore } from '@fitness/stores';

/** Every document of every read model, sorted, for comparing two read stores. */
export async function snapshotReadModels(readStore: ReadStore) {
  const snapshot: Record<string, unknown[]> = {};
  for (const projection of allProjections) {
    const name = projection.collection.name;
    const documents = await readStore.find(name, { orderBy: [{ field: 'id', direction: 'asc' }] });
    // A projection that finishes its batches writes what it finished at the batch's last event:
    // where the batches fell (one event at a time live, hundreds in a rebuild) moves those
    // positions, never the content.
    snapshot[name] =
      'finish' in projection && projection.finish
        ? documents.map(({ [POSITION_FIELD]: _, ...content }) => content)
        : documents;
  }
  return snapshot;
}

/** The read models a rebuild from position zero gives, in a fresh store of their own. */
export async function readModelsRebuiltFromZero(eventStore: EventStore) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  try {
    const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: silentLogger });
    await runner.prepare();
    await runner.catchUp();
    return await snapshotReadModels(readStore);
  } finally {
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens the files a stopped server left and compares its read models with a rebuild from zero. */
export async function assertReadModelsEqualRebuild(dataDir: string) {
  const eventStore = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dataDir, 'read.sqlite'));
  try {
    await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
    const live = await snapshotReadModels(readStore);
    const rebuilt = await readModelsRebuiltFromZero(eventStore);
    assert.ok((rebuilt.workouts ?? []).length > 0, 'there is something to compare');
    // Read model by read model, so a failure names the one that differs.
    for (const [model, documents] of Object.entries(rebuilt)) {
      assert.deepEqual(live[model], documents, `the ${model} read model differs from a rebuild from zero`);
    }
  } finally {
    await eventStore.close();
    await readStore.close();
  }
}
