import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DAILY_METRICS_MODEL,
  type DomainEvent,
  dailyMetrics,
  type MealDocument,
  type MonthTotalsDocument,
  mealStream,
  mealsTotal,
  metricsOfDay,
  monthTotalsId,
  type NewEvent,
  type StepsDocument,
  stepsStream,
  type WaterDocument,
  type WorkoutDocument,
  waterStream,
  workoutEffort,
  workoutStream,
} from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { afterEach, describe, it } from 'vitest';
import { mealsProjection } from '../meals/meals-projection.ts';
import { type AnyProjection, projectionLog } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { waterProjection } from '../water/water-projection.ts';
import { workoutsProjection } from '../workouts/workouts-projection.ts';
import { dailyMetricsProjection } from './daily-metrics-projection.ts';
import { stepsProjection } from './steps-projection.ts';

const projections = [
  mealsProjection,
  waterProjection,
  workoutsProjection,
  stepsProjection,
  dailyMetricsProjection,
] as unknown as AnyProjection[];

const directories: string[] = [];
afterEach(() => {
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The real embedded stores and runner, events appended as commands would. */
async function stores() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'daily-metrics-'));
  directories.push(dir);
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const runner = new ProjectionRunner({ eventStore, readStore, projections, logger: silentLogger });
  await runner.prepare();
  const append = async (stream: string, ...events: DomainEvent[]) => {
    const envelope = (event: DomainEvent): NewEvent => ({
      ...event,
      id: randomUUID(),
      metadata: {
        actorId: null,
        commandId: randomUUID(),
        correlationId: 'test',
        timestamp: '2026-03-01T10:00:00.000Z',
        schemaVersion: 1,
      },
    });
    return eventStore.appendToStream(stream, events.map(envelope), 'any');
  };
  const all = async () =>
    (await readStore.find<Document>(DAILY_METRICS_MODEL, { orderBy: [{ field: 'id', direction: 'asc' }] })).map(
      ({ _position, ...document }) => document,
    );
  return { eventStore, readStore, runner, append, all };
}

type Stores = Awaited<ReturnType<typeof stores>>;

const reader = {
  targets: { kcal: 2000, protein: 125, carbs: 250, fat: 56, water_ml: 2500, missing: [] },
  weightKg: 80,
  categoryOf: (id: string) => (id === 'run' ? ('cardio' as const) : undefined),
};

/** The day as the query answered it before: from that day's meals, water, workouts and steps documents. */
async function reference({ readStore }: Stores, userId: string, date: string) {
  const where = { user_id: userId, date };
  const [meals, water, workouts, steps] = await Promise.all([
    readStore.find<MealDocument & Document>('meals', { where }),
    readStore.get<WaterDocument & Document>('water', `${userId}:${date}`),
    readStore.find<WorkoutDocument & Document>('workouts', { where }),
    readStore.get<StepsDocument & Document>('steps', `${userId}:${date}`),
  ]);
  return dailyMetrics({
    date,
    eaten: mealsTotal(meals),
    waterMl: water?.total_ml ?? 0,
    workouts: workouts.map(workoutEffort),
    steps: steps?.count ?? 0,
    ...reader,
  });
}

/** The month's document the query reads. */
async function monthOf({ readStore }: Stores, userId: string, month: string) {
  return readStore.get<MonthTotalsDocument & Document>(DAILY_METRICS_MODEL, monthTotalsId(userId, month));
}

async function answered(s: Stores, userId: string, date: string) {
  return metricsOfDay(date, (await monthOf(s, userId, date.slice(0, 7)))?.days[date] ?? null, reader);
}

const user = 'u1';
const other = 'u2';
const days = ['2026-02-27', '2026-02-28', '2026-03-01'];

const meal = (mealId: string, userId: string, date: string): DomainEvent => ({
  type: 'MealCreated',
  data: { mealId, userId, date, mealType: 'lunch', createdAt: `${date}T12:00:00.000Z` },
});
const entry = (mealId: string, entryId: string, kcal: number, protein: number): DomainEvent => ({
  type: 'MealEntryAdded',
  data: {
    mealId,
    entryId,
    foodId: null,
    foodName: 'Soup',
    grams: null,
    nutrients: { kcal, protein, carbs: 10.15, fat: 3.05 },
    addedAt: '2026-03-01T12:00:00.000Z',
  },
});
const started = (workoutId: string, userId: string, date: string): DomainEvent => ({
  type: 'WorkoutStarted',
  data: { workoutId, userId, name: 'Lift', notes: null, date, startedAt: `${date}T08:00:00.000Z` },
});
const exercise = (workoutId: string, workoutExerciseId: string, exerciseId: string | null): DomainEvent => ({
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId, exerciseId, name: 'X', notes: null, addedAt: '2026-03-01T08:00:00.000Z' },
});
const set = (workoutId: string, workoutExerciseId: string, setId: string): DomainEvent =>
  setLogged(workoutId, workoutExerciseId, setId, { reps: 5, weight: 100, restTime: 90 }, '2026-03-01T08:00:00.000Z');

/** Two users' days with every kind of change the metrics see: edits, removals, moves and deletions. */
async function history(s: Stores) {
  for (const userId of [user, other]) {
    const [first = '', second = '', third = ''] = days;
    await s.append(
      mealStream(`${userId}-m1`),
      meal(`${userId}-m1`, userId, first),
      entry(`${userId}-m1`, 'e1', 450, 30.25),
    );
    await s.append(mealStream(`${userId}-m1`), entry(`${userId}-m1`, 'e2', 120.4, 4.15));
    await s.append(
      mealStream(`${userId}-m0`),
      meal(`${userId}-m0`, userId, first),
      entry(`${userId}-m0`, 'e3', 99, 1.1),
    );
    await s.runner.catchUp();
    await s.append(mealStream(`${userId}-m1`), {
      type: 'MealEntryChanged',
      data: {
        mealId: `${userId}-m1`,
        entryId: 'e1',
        grams: null,
        nutrients: { kcal: 500, protein: 33.3, carbs: 1, fat: 2 },
      },
    });
    await s.append(
      mealStream(`${userId}-m2`),
      meal(`${userId}-m2`, userId, second),
      entry(`${userId}-m2`, 'e4', 700, 40),
    );
    await s.append(mealStream(`${userId}-m2`), {
      type: 'MealEntryRemoved',
      data: { mealId: `${userId}-m2`, entryId: 'e4' },
    });
    await s.append(
      mealStream(`${userId}-m3`),
      meal(`${userId}-m3`, userId, third),
      entry(`${userId}-m3`, 'e5', 300, 20),
    );
    await s.append(mealStream(`${userId}-m3`), {
      type: 'MealDeleted',
      data: { mealId: `${userId}-m3`, deletedAt: '2026-03-01T13:00:00.000Z' },
    });
    for (const [index, ml] of [250, 500, 300].entries()) {
      await s.append(waterStream(userId, first), {
        type: 'WaterLogged',
        data: { userId, date: first, entryId: `${userId}-w${index}`, ml, loggedAt: `${first}T09:00:00.000Z` },
      });
    }
    await s.append(waterStream(userId, first), {
      type: 'WaterRemoved',
      data: { userId, date: first, entryId: `${userId}-w1` },
    });
    await s.append(stepsStream(userId, second), {
      type: 'StepsRecorded',
      data: { userId, date: second, count: 8000, recordedAt: 'x' },
    });
    await s.append(stepsStream(userId, second), {
      type: 'StepsRecorded',
      data: { userId, date: second, count: 9100, recordedAt: 'y' },
    });
    await s.runner.catchUp();

    const w1 = `${userId}-w1`;
    await s.append(
      workoutStream(w1),
      started(w1, userId, first),
      exercise(w1, 'x1', 'run'),
      set(w1, 'x1', 's1'),
      set(w1, 'x1', 's2'),
      exercise(w1, 'x2', null),
      set(w1, 'x2', 's3'),
      { type: 'WorkoutCompleted', data: { workoutId: w1, completedAt: 'z', duration: 50 } },
    );
    await s.runner.catchUp();
    await s.append(workoutStream(w1), {
      type: 'SetRemoved',
      data: { workoutId: w1, workoutExerciseId: 'x1', setId: 's2' },
    });
    await s.append(workoutStream(w1), {
      type: 'WorkoutDetailsChanged',
      data: { workoutId: w1, date: second, duration: 65 },
    });
    const w2 = `${userId}-w2`;
    await s.append(workoutStream(w2), started(w2, userId, third), exercise(w2, 'x3', 'run'), set(w2, 'x3', 's4'));
    await s.append(workoutStream(w2), {
      type: 'WorkoutExerciseRemoved',
      data: { workoutId: w2, workoutExerciseId: 'x3' },
    });
    const w3 = `${userId}-w3`;
    await s.append(workoutStream(w3), started(w3, userId, third), {
      type: 'WorkoutCompleted',
      data: { workoutId: w3, completedAt: 'z', duration: 30 },
    });
    await s.append(workoutStream(w3), { type: 'WorkoutDeleted', data: { workoutId: w3, deletedAt: 'z' } });
  }
  await s.runner.catchUp();
}

describe('daily metrics projection', () => {
  it('answers each day as the meals, water, workouts and steps read models do, through edits, moves and deletions', async () => {
    const s = await stores();
    await history(s);
    for (const userId of [user, other]) {
      for (const date of days)
        assert.deepEqual(await answered(s, userId, date), await reference(s, userId, date), date);
    }
    const [first, second, third] = await Promise.all(days.map((date) => answered(s, user, date)));
    assert.deepEqual(
      [first?.calories.consumed, first?.macros.protein.consumed, first?.water.consumed],
      [719, 38.5, 550],
    );
    assert.deepEqual(
      [second?.workouts, second?.steps.count],
      [{ completed: 1, duration: 65 }, 9100],
      'the workout moved',
    );
    assert.equal(first?.workouts.completed, 0, 'and left the day it was on');
    assert.equal(third?.calories.consumed, 0, 'a deleted meal counts for nothing');
    const february = await monthOf(s, user, '2026-02');
    assert.deepEqual(
      Object.keys(february?.days ?? {}),
      ['2026-02-27', '2026-02-28'],
      'only days with something logged',
    );
    assert.deepEqual(Object.keys((await monthOf(s, user, '2026-03'))?.days ?? {}), ['2026-03-01']);
  });

  it('keeps what the query reads small: a month of full days in a few kilobytes', async () => {
    const s = await stores();
    for (let day = 1; day <= 31; day++) {
      const date = `2026-01-${String(day).padStart(2, '0')}`;
      for (const [index, type] of ['breakfast', 'lunch', 'dinner', 'snacks'].entries()) {
        const mealId = `${user}-${date}-${type}`;
        await s.append(mealStream(mealId), meal(mealId, user, date), entry(mealId, `e${index}`, 500, 30));
      }
      await s.append(waterStream(user, date), {
        type: 'WaterLogged',
        data: { userId: user, date, entryId: `w-${date}`, ml: 2000, loggedAt: `${date}T09:00:00.000Z` },
      });
      await s.append(workoutStream(`w-${date}`), started(`w-${date}`, user, date), exercise(`w-${date}`, 'x', 'run'));
    }
    await s.runner.catchUp();
    const january = await monthOf(s, user, '2026-01');
    assert.equal(Object.keys(january?.days ?? {}).length, 31);
    const size = JSON.stringify(january).length;
    assert.ok(size < 8000, `${size} bytes`);
  });

  it('counts alike workouts together: a day of hundreds of imported ones stays one small entry', async () => {
    const s = await stores();
    const date = '2026-01-10';
    for (let index = 0; index < 300; index++) {
      const workoutId = `import-${index}`;
      await s.append(
        workoutStream(workoutId),
        started(workoutId, user, date),
        exercise(workoutId, 'x', index % 2 ? 'run' : null),
        set(workoutId, 'x', 's'),
        { type: 'WorkoutCompleted', data: { workoutId, completedAt: 'z', duration: 30 } },
      );
    }
    await s.append(workoutStream('import-0'), {
      type: 'WorkoutDeleted',
      data: { workoutId: 'import-0', deletedAt: 'z' },
    });
    await s.append(workoutStream('import-1'), {
      type: 'WorkoutDetailsChanged',
      data: { workoutId: 'import-1', date: '2026-01-11' },
    });
    await s.runner.catchUp();
    for (const day of [date, '2026-01-11'])
      assert.deepEqual(await answered(s, user, day), await reference(s, user, day));
    assert.deepEqual(
      (await monthOf(s, user, '2026-01'))?.days[date]?.workouts.map((workout) => workout.count),
      [149, 149],
    );
  });

  it('rewrites neither the day nor the month for a set logged during a workout, only once it is completed', async () => {
    const s = await stores();
    const date = '2026-01-12';
    const positionOfMonth = async () => (await monthOf(s, user, '2026-01'))?._position;
    await s.append(workoutStream('w-live'), started('w-live', user, date), exercise('w-live', 'x', null));
    await s.runner.catchUp();
    const before = await positionOfMonth();
    for (const setId of ['s1', 's2', 's3']) await s.append(workoutStream('w-live'), set('w-live', 'x', setId));
    await s.runner.catchUp();
    assert.equal(await positionOfMonth(), before, 'three sets, no new month document');
    await s.append(workoutStream('w-live'), {
      type: 'WorkoutCompleted',
      data: { workoutId: 'w-live', completedAt: 'z', duration: 45 },
    });
    await s.runner.catchUp();
    assert.notEqual(await positionOfMonth(), before);
    assert.deepEqual(await answered(s, user, date), await reference(s, user, date));
    assert.deepEqual(
      (await monthOf(s, user, '2026-01'))?.days[date]?.workouts.map((workout) => workout.exercises[0]?.sets),
      [3],
    );
  });

  it('writes no document at all for a set logged during a workout, and counts its sets from the log at completion', async () => {
    const s = await stores();
    const date = '2026-01-13';
    await s.append(workoutStream('w-sets'), started('w-sets', user, date), exercise('w-sets', 'x', 'run'));
    await s.runner.catchUp();
    // Each set its own batch, as sets logged live are.
    const sets = [];
    for (const setId of ['s1', 's2', 's3']) {
      sets.push(await s.append(workoutStream('w-sets'), set('w-sets', 'x', setId)));
      await s.runner.catchUp();
    }
    const [first, , last] = sets.map((appended) => appended.position);
    assert.equal(await s.readStore.checkpoint(DAILY_METRICS_MODEL), last, 'the sets were folded');
    const writtenSince = (await s.readStore.find<Document>(DAILY_METRICS_MODEL)).filter(
      (document) => Number(document._position) >= (first ?? 0),
    );
    assert.deepEqual(
      writtenSince.map((document) => document.id),
      [],
    );
    await s.append(workoutStream('w-sets'), {
      type: 'WorkoutCompleted',
      data: { workoutId: 'w-sets', completedAt: 'z', duration: 40 },
    });
    await s.runner.catchUp();
    assert.deepEqual(await answered(s, user, date), await reference(s, user, date));
    assert.deepEqual(
      (await monthOf(s, user, '2026-01'))?.days[date]?.workouts.map((workout) => workout.exercises),
      [[{ exercise_id: 'run', sets: 3 }]],
    );
  });

  for (const batches of ['one batch', 'a batch an event']) {
    it(`counts the sets logged, removed and added after a workout's completion (${batches} up to it)`, async () => {
      const s = await stores();
      const date = '2026-01-14';
      const events: DomainEvent[] = [
        started('w-after', user, date),
        exercise('w-after', 'x1', 'run'),
        set('w-after', 'x1', 's1'),
        set('w-after', 'x1', 's2'),
        { type: 'WorkoutCompleted', data: { workoutId: 'w-after', completedAt: 'z', duration: 30 } },
      ];
      // In one batch the completion is counted from what the batch saw; else from the workout's stream.
      for (const event of events) {
        await s.append(workoutStream('w-after'), event);
        if (batches !== 'one batch') await s.runner.catchUp();
      }
      await s.runner.catchUp();
      const after: DomainEvent[] = [
        set('w-after', 'x1', 's3'),
        { type: 'SetRemoved', data: { workoutId: 'w-after', workoutExerciseId: 'x1', setId: 's1' } },
        exercise('w-after', 'x2', null),
        set('w-after', 'x2', 's4'),
        set('w-after', 'x2', 's5'),
      ];
      for (const event of after) {
        await s.append(workoutStream('w-after'), event);
        await s.runner.catchUp();
      }
      assert.deepEqual(await answered(s, user, date), await reference(s, user, date));
      assert.deepEqual(
        (await monthOf(s, user, '2026-01'))?.days[date]?.workouts.map((workout) => workout.exercises),
        [
          [
            { exercise_id: 'run', sets: 2 },
            { exercise_id: null, sets: 2 },
          ],
        ],
      );
      const live = await s.all();
      await s.runner.rebuild(DAILY_METRICS_MODEL);
      assert.deepEqual(await s.all(), live);
    });
  }

  it('folds the completion of a workout whose stream lost its start to an erasure, and the deletion takes it all', async () => {
    const s = await stores();
    await history(s);
    const date = '2026-01-15';
    await s.append(workoutStream('w-erased'), started('w-erased', user, date), exercise('w-erased', 'x', null));
    await s.append(workoutStream('w-erased'), set('w-erased', 'x', 's1'));
    await s.runner.catchUp();
    await s.append(workoutStream('w-erased'), {
      type: 'WorkoutCompleted',
      data: { workoutId: 'w-erased', completedAt: 'z', duration: 20 },
    });
    await s.append(`user-${user}`, {
      type: 'UserDeleted',
      data: { userId: user, deletedAt: '2026-03-02T00:00:00.000Z' },
    });
    // What was erased before the projection read the completion: its stream now starts there.
    await s.eventStore.eraseStreams([{ streamId: workoutStream('w-erased'), throughRevision: 2 }]);
    await s.runner.catchUp();
    assert.equal(await s.readStore.checkpoint(DAILY_METRICS_MODEL), await s.eventStore.headPosition());
    const left = await s.all();
    assert.ok(left.some((document) => document.user_id === other));
    assert.deepEqual(
      left.filter((document) => document.user_id === user),
      [],
    );
  });

  it('gives the same documents when every event is applied again', async () => {
    const s = await stores();
    await history(s);
    const stored = new Map((await s.all()).map((document) => [document.id, document]));
    const folded = JSON.stringify([...stored]);
    const documents = {
      get: async (id: string) => (stored.get(id) ?? null) as never,
      set: (id: string, document: Document | null) => {
        if (document) stored.set(id, document);
        else stored.delete(id);
      },
    };
    const log = projectionLog(s.eventStore);
    const handled = new Set<string>(dailyMetricsProjection.handles);
    for (const event of await s.eventStore.readAll({ fromPosition: 0, maxCount: 10_000 })) {
      if (handled.has(event.type)) await dailyMetricsProjection.apply(event as never, documents, new Map(), log);
    }
    assert.equal(JSON.stringify([...stored]), folded);
  });

  it('builds the same documents live, batch by batch, as a rebuild from the log does', async () => {
    const s = await stores();
    await history(s);
    const live = await s.all();
    assert.ok(live.length > 10);
    await s.runner.rebuild(DAILY_METRICS_MODEL);
    assert.deepEqual(await s.all(), live);
  });

  it('forgets every document of a deleted account, and only those', async () => {
    const s = await stores();
    await history(s);
    await s.append(`user-${user}`, {
      type: 'UserDeleted',
      data: { userId: user, deletedAt: '2026-03-02T00:00:00.000Z' },
    });
    await s.runner.catchUp();
    const left = await s.all();
    assert.ok(left.length > 0);
    assert.deepEqual(
      left.filter((document) => document.user_id === user),
      [],
    );
  });
});
