import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice, WorkoutDocument, WorkoutEvent } from '@fitness/contracts';
import { applyChanges, savedMealsStream, workoutStream } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { POSITION_FIELD, type ReadStore, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { anEvent } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { allProjections } from './all-projections.ts';
import { randomHistory } from './records/records-testing.ts';
import { ProjectionRunner } from './runner.ts';
import { savedMealHistory } from './saved-meals/saved-meals-testing.ts';

/**
 * The changes against a rebuild: a generated history of workouts (sets logged, changed and
 * removed, exercises added, renamed and removed, workouts moved, completed and deleted), then of
 * saved meals (saved, renamed and deleted, many to a stream), is folded live, a few events a
 * batch, and every read model must then hold what a rebuild from zero writes; a browser that
 * applies each notice's change to the document it holds must end with the document as stored.
 * (SQLite writes documents whole, so the last case is what catches a change worked out wrong;
 * the read-store contract covers a store that applies them in place.)
 */
describe('read models folded live, and the changes they push, equal a rebuild from zero', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'changes-'));
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const live = new SqliteReadStore(path.join(dir, 'live.sqlite'));
  const notices: ChangeNotice[] = [];
  const runner = new ProjectionRunner({
    eventStore,
    readStore: live,
    projections: allProjections,
    logger: silentLogger,
    batchSize: 3,
  });
  runner.onChange((notice) => notices.push(notice));
  await runner.start();

  const users = ['ann', 'bob'];
  const workouts = new Map<string, WorkoutDocument>();
  for (const event of randomHistory({ seed: 31, steps: 1200, users }, () => [...workouts.values()])) {
    const { position } = await eventStore.appendToStream(
      workoutStream(event.data.workoutId),
      [anEvent(event.type, event.data)],
      'any',
    );
    // Waited for now and then only, so batches hold one event or several.
    if (position % 4 === 0) await runner.waitFor(['workouts'], position, 10_000);
    const stored = await waitForWorkout(live, runner, event, position);
    if (stored) workouts.set(stored.id, stored);
    else workouts.delete(event.data.workoutId);
  }
  // Saved meals: several documents in each user's one stream, saved, renamed and deleted.
  for (const event of savedMealHistory(users, 60)) {
    const stream = savedMealsStream(event.data.userId);
    const { position } = await eventStore.appendToStream(stream, [anEvent(event.type, event.data)], 'any');
    if (position % 3 === 0) await runner.waitFor(['saved_meals'], position, 10_000);
  }
  const head = await eventStore.headPosition();
  await runner.waitFor(
    allProjections.map((projection) => projection.name),
    head,
    30_000,
  );
  await runner.stop();

  const rebuiltDir = mkdtempSync(path.join(os.tmpdir(), 'rebuilt-'));
  const rebuilt = new SqliteReadStore(path.join(rebuiltDir, 'read.sqlite'));
  const rebuilder = new ProjectionRunner({
    eventStore,
    readStore: rebuilt,
    projections: allProjections,
    logger: silentLogger,
  });
  await rebuilder.prepare();
  await rebuilder.catchUp();

  it('pushed the workouts as changes, set by set', () => {
    const patched = notices.filter((notice) => notice.model === 'workouts' && notice.changes);
    assert.ok(patched.length > 300, `${patched.length} workouts pushed as changes`);
    assert.ok(patched.some((notice) => notice.changes?.some((change) => change.op === 'pull')));
  });

  for (const projection of allProjections) {
    const collection = projection.collection.name;
    it(`${collection} holds what a rebuild holds`, async () => {
      const documents = await contents(live, collection, projection);
      const expected = await contents(rebuilt, collection, projection);
      if (collection === 'workouts' || collection === 'saved_meals') {
        assert.ok(expected.length > 10, 'there is something to compare');
      }
      assert.deepEqual(documents, expected);
    });
  }

  it('a browser applying each pushed change to what it holds ends with the documents as stored', async () => {
    for (const model of ['workouts', 'workout_summaries', 'saved_meals']) {
      const held = new Map<string, Record<string, unknown>>();
      for (const notice of notices.filter((each) => each.model === model)) {
        const document = notice.document ?? (notice.changes && applyChanges(held.get(notice.id) ?? {}, notice.changes));
        if (notice.op === 'delete') held.delete(notice.id);
        else if (document) held.set(notice.id, document);
      }
      const omit = allProjections.find((projection) => projection.collection.name === model)?.live?.omit ?? [];
      const stored = (await live.find(model, { orderBy: [{ field: 'id', direction: 'asc' }] })).map((document) => {
        const shown: Record<string, unknown> = { ...document };
        for (const field of [POSITION_FIELD, ...omit]) delete shown[field];
        return shown;
      });
      assert.deepEqual(
        [...held.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, document]) => document),
        stored,
        model,
      );
    }
  });
});

/** The workout as the live read model holds it once the event is folded. */
async function waitForWorkout(store: ReadStore, runner: ProjectionRunner, event: WorkoutEvent, position: number) {
  await runner.waitFor(['workouts'], position, 10_000);
  return store.get<WorkoutDocument>('workouts', event.data.workoutId);
}

/**
 * A collection's documents in id order; for a projection that finishes its batches, without
 * positions, which move with where the batches fell, never the content.
 */
async function contents(store: ReadStore, collection: string, projection: (typeof allProjections)[number]) {
  const documents = await store.find(collection, { orderBy: [{ field: 'id', direction: 'asc' }] });
  if (!('finish' in projection && projection.finish)) return documents;
  return documents.map(({ [POSITION_FIELD]: _position, ...content }) => content);
}
