import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DomainEvent, mealStream, type RecordedEvent, userStream, workoutStream } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { afterEach, describe, it } from 'vitest';
import { type ProjectionDocuments, type ProjectionLog, projectionLog } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import {
  type AdminAnalyticsDocument,
  type AnalyticsDayDocument,
  type AnalyticsWorkoutDocument,
  adminAnalyticsProjection,
} from './admin-analytics-projection.ts';
import { at, history, USER } from './admin-history-testing.ts';

const opened: { dir: string; eventStore: SqliteEventStore }[] = [];
afterEach(async () => {
  for (const { dir, eventStore } of opened.splice(0)) {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const streamOf = (event: DomainEvent) => {
  const data = event.data as { workoutId?: string; mealId?: string; userId?: string };
  if (data.workoutId) return workoutStream(data.workoutId);
  if (data.mealId) return mealStream(data.mealId);
  return userStream(String(data.userId));
};

/** A real event store in a folder of its own (for a read store beside it), appended to as commands would (a stream's consecutive events together). */
function eventStoreToAppend() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-analytics-'));
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  opened.push({ dir, eventStore });
  const envelope = (event: DomainEvent) => ({
    ...event,
    id: randomUUID(),
    metadata: { actorId: USER, commandId: randomUUID(), correlationId: 'c', timestamp: at(0), schemaVersion: 1 },
  });
  const append = async (events: DomainEvent[]) => {
    for (let from = 0; from < events.length; ) {
      const stream = streamOf(events[from] as DomainEvent);
      let to = from + 1;
      while (to < events.length && streamOf(events[to] as DomainEvent) === stream) to += 1;
      await eventStore.appendToStream(stream, events.slice(from, to).map(envelope), 'any');
      from = to;
    }
  };
  return { dir, eventStore, append };
}

/** The events appended to a real event store, read back as recorded, with the log the runner lets a projection read. */
async function appended(events: DomainEvent[]): Promise<{ events: RecordedEvent[]; log: ProjectionLog }> {
  const { eventStore, append } = eventStoreToAppend();
  await append(events);
  return { events: await eventStore.readAll({ fromPosition: 0, maxCount: 100_000 }), log: projectionLog(eventStore) };
}

/** Documents kept as the runner keeps them (the very objects, not copies), with each event's writes. */
function storedDocuments() {
  const stored = new Map<string, AdminAnalyticsDocument>();
  const writes: [string, AdminAnalyticsDocument | null][] = [];
  const documents: ProjectionDocuments<AdminAnalyticsDocument> = {
    get: async (id) => stored.get(id) ?? null,
    set: (id, document) => {
      writes.push([id, document]);
      if (document) stored.set(id, document);
      else stored.delete(id);
    },
  };
  return { stored, documents, writes };
}

/**
 * Folds recorded events through the analytics, `batchSize` events a batch (each event applied
 * `times` in a row), into the documents given.
 */
async function foldAnalytics(
  { events, log }: { events: RecordedEvent[]; log: ProjectionLog },
  { batchSize = 1, times = 1, into = storedDocuments() } = {},
) {
  const handled = events.filter((event) =>
    (adminAnalyticsProjection.handles as readonly string[]).includes(event.type),
  );
  let batch = new Map();
  for (const [index, event] of handled.entries()) {
    if (index % batchSize === 0) batch = new Map();
    for (let time = 0; time < times; time += 1) {
      await adminAnalyticsProjection.apply(event as never, into.documents, batch, log);
    }
  }
  return into.stored;
}

const started = (workoutId: string, date: string, userId = USER): DomainEvent => ({
  type: 'WorkoutStarted',
  data: { workoutId, userId, name: 'B', notes: null, date, startedAt: at(1) },
});

const logged = (workoutId: string, workoutExerciseId: string, setId: string, reps: number): DomainEvent => ({
  type: 'SetLogged',
  data: {
    workoutId,
    workoutExerciseId,
    setId,
    loggedAt: at(1),
    reps,
    weight: 50,
    restTime: null,
    type: 'working',
    notes: null,
    duration: null,
    distance: null,
  },
});

/** A document's JSON with every number as 0: what it holds, whatever its counts. */
const shapeOf = (document: unknown) =>
  JSON.stringify(document, (_key, value) => (typeof value === 'number' ? 0 : value));

describe('admin analytics projection', () => {
  it('keeps who was active on which day, and each workout, with what its sets add up to, and meal on its day', async () => {
    const log = await appended(history);
    const documents = await foldAnalytics(log);
    assert.deepEqual(documents.get(`day:2026-11-20:${USER}`), {
      id: `day:2026-11-20:${USER}`,
      kind: 'day',
      date: '2026-11-20',
      user_id: USER,
      signed_up: true,
    });
    // Trained for the day before: active then too, though not signed up then.
    assert.equal((documents.get(`day:2026-11-19:${USER}`) as AnalyticsDayDocument).signed_up, false);
    const moved = log.events.find((event) => event.type === 'WorkoutDetailsChanged');
    assert.deepEqual(documents.get('workout:w1'), {
      id: 'workout:w1',
      kind: 'workout',
      date: '2026-11-20',
      user_id: USER,
      completed: true,
      sets: 1,
      volume: 550,
      event_position: moved?.position,
    });
    assert.deepEqual(documents.get('meal:m1'), { id: 'meal:m1', kind: 'meal', date: '2026-11-20', user_id: USER });
    assert.equal(documents.get('meal:m2'), undefined);
    assert.equal(documents.size, 4);
  });

  it('counts a workout’s sets again from its events when a set changes or goes, or an exercise, in batches of any size', async () => {
    const log = await appended([
      started('w9', '2026-11-21'),
      logged('w9', 'a', 's1', 5),
      logged('w9', 'b', 's2', 6),
      { type: 'WorkoutExerciseRemoved', data: { workoutId: 'w9', workoutExerciseId: 'a' } },
      logged('w9', 'b', 's3', 7),
      logged('w9', 'b', 's4', 9),
      { type: 'SetChanged', data: { workoutId: 'w9', workoutExerciseId: 'b', setId: 's2', changes: { reps: 8 } } },
      { type: 'SetChanged', data: { workoutId: 'w9', workoutExerciseId: 'b', setId: 's3', changes: { notes: 'ok' } } },
      { type: 'SetRemoved', data: { workoutId: 'w9', workoutExerciseId: 'b', setId: 's4' } },
    ]);
    // Event by event (each count read from the log), in batches that saw the start or not, and all at once (in memory).
    for (const batchSize of [1, 2, 3, 5, log.events.length]) {
      const workout = (await foldAnalytics(log, { batchSize })).get('workout:w9') as AnalyticsWorkoutDocument;
      assert.deepEqual(
        { sets: workout.sets, volume: workout.volume },
        { sets: 2, volume: 8 * 50 + 7 * 50 },
        `batches of ${batchSize}`,
      );
    }
  });

  it('writes one small document of one shape for a set logged, changed or removed, however many sets its workout holds', async () => {
    // Set ids of one length, so that only what the document holds can make it bigger.
    const sets = Array.from({ length: 200 }, (_, index) =>
      logged('w7', 'x', `s${String(index + 1).padStart(3, '0')}`, 5),
    );
    const log = await appended([
      started('w7', '2026-11-21'),
      ...sets,
      { type: 'SetChanged', data: { workoutId: 'w7', workoutExerciseId: 'x', setId: 's200', changes: { weight: 60 } } },
      { type: 'SetRemoved', data: { workoutId: 'w7', workoutExerciseId: 'x', setId: 's001' } },
      { type: 'WorkoutExerciseRemoved', data: { workoutId: 'w7', workoutExerciseId: 'x' } },
      { type: 'WorkoutCompleted', data: { workoutId: 'w7', completedAt: at(9), duration: 40 } },
      { type: 'WorkoutDetailsChanged', data: { workoutId: 'w7', date: '2026-11-22' } },
      { type: 'WorkoutDeleted', data: { workoutId: 'w7', deletedAt: at(10) } },
    ]);
    const into = storedDocuments();
    // Each event its own batch, as sets logged live are: the batch knows nothing of the workout.
    const written: [string, AdminAnalyticsDocument | null][][] = [];
    for (const event of log.events) {
      into.writes.length = 0;
      await foldAnalytics({ events: [event], log: log.log }, { into });
      written.push([...into.writes]);
    }
    const [first, ...others] = written.slice(1, 1 + sets.length + 2);
    const firstDocument = first?.[0]?.[1];
    assert.ok(firstDocument && JSON.stringify(firstDocument).length < 200, JSON.stringify(firstDocument));
    for (const [index, writes] of others.entries()) {
      assert.equal(writes.length, 1, `event ${index + 2} writes one document`);
      assert.equal(shapeOf(writes[0]), shapeOf(first?.[0]), `event ${index + 2} writes what the first set wrote`);
    }
    assert.deepEqual(
      written.slice(-4).map((writes) => writes.map(([id, document]) => [id, document && shapeOf(document)])),
      [
        [['workout:w7', shapeOf(firstDocument)]],
        [['workout:w7', shapeOf({ ...firstDocument, completed: true })]],
        [
          ['workout:w7', shapeOf({ ...firstDocument, completed: true, date: '2026-11-22' })],
          [
            `day:2026-11-22:${USER}`,
            shapeOf({ id: `day:2026-11-22:${USER}`, kind: 'day', date: '2026-11-22', user_id: USER, signed_up: false }),
          ],
        ],
        [['workout:w7', null]],
      ],
    );
  });

  it('gives the same documents when every event is applied again', async () => {
    // Ending with a set logged, which adds to its workout's counts.
    const log = await appended([...history, started('w2', '2026-11-20'), logged('w2', 'x', 's1', 5)]);
    assert.deepEqual(await foldAnalytics(log, { times: 2 }), await foldAnalytics(log));
  });

  it('counts a set changed in a stream erased since, and the account’s deletion then takes it all away, live and on a rebuild', async () => {
    const { dir, eventStore, append } = eventStoreToAppend();
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [adminAnalyticsProjection],
      logger: silentLogger,
    });
    await runner.prepare();
    await append([
      started('w-other', '2026-11-21', 'u2'),
      logged('w-other', 'x', 's1', 5),
      started('w-erased', '2026-11-21'),
      logged('w-erased', 'x', 's1', 5),
      logged('w-erased', 'x', 's2', 5),
    ]);
    await runner.catchUp();
    await append([
      {
        type: 'SetChanged',
        data: { workoutId: 'w-erased', workoutExerciseId: 'x', setId: 's2', changes: { reps: 6 } },
      },
      { type: 'UserDeleted', data: { userId: USER, deletedAt: at(5) } },
    ]);
    // What was erased before the projection read the change: the workout's stream now starts after its first set.
    await eventStore.eraseStreams([{ streamId: workoutStream('w-erased'), throughRevision: 1 }]);
    await runner.catchUp();
    const all = async () =>
      (
        await readStore.find<Document>(adminAnalyticsProjection.collection.name, {
          orderBy: [{ field: 'id', direction: 'asc' }],
        })
      ).map(({ _position, ...document }) => document);
    const live = await all();
    assert.deepEqual(
      live.map((document) => [document.id, document.user_id]),
      [
        ['day:2026-11-21:u2', 'u2'],
        ['workout:w-other', 'u2'],
      ],
    );
    await runner.rebuild(adminAnalyticsProjection.name);
    assert.deepEqual(await all(), live);
    await readStore.close();
  });

  it('gives the same documents folded in batches, and never changes a document an earlier batch left', async () => {
    const log = await appended(history);
    // The first batch ends after the first set; the second logs, changes and removes sets of the same workout.
    const handled = log.events.filter((event) =>
      (adminAnalyticsProjection.handles as readonly string[]).includes(event.type),
    );
    const half = handled.findIndex((event) => event.type === 'SetLogged') + 1;
    const into = storedDocuments();
    await foldAnalytics({ events: handled.slice(0, half), log: log.log }, { batchSize: half, into });
    const left = new Map(into.stored);
    const leftAsItWas = JSON.stringify([...left]);
    await foldAnalytics({ events: handled.slice(half), log: log.log }, { batchSize: handled.length, into });
    assert.equal(JSON.stringify([...left]), leftAsItWas);
    assert.deepEqual(into.stored, await foldAnalytics(log));
  });
});
