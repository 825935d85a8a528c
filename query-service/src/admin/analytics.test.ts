import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AnalyticsPoint, type WorkoutEvent, workoutStream } from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { adminAnalyticsProjection } from '@fitness/projections/admin/admin-analytics-projection.ts';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { analyticsFor, statsAt } from './analytics.ts';

const USER = 'u1';
const now = new Date('2026-11-21T10:00:00.000Z');
const TODAY = '2026-11-21';

const started = (workoutId: string, date: string): WorkoutEvent => ({
  type: 'WorkoutStarted',
  data: { workoutId, userId: USER, name: 'Session', notes: null, date, startedAt: now.toISOString() },
});
const logged = (workoutId: string, setId: string, reps: number, weight: number, exercise = 'x'): WorkoutEvent =>
  setLogged(workoutId, exercise, setId, { reps, weight }, now.toISOString());
const movedTo = (workoutId: string, date: string): WorkoutEvent => ({
  type: 'WorkoutDetailsChanged',
  data: { workoutId, date },
});
const completed = (workoutId: string): WorkoutEvent => ({
  type: 'WorkoutCompleted',
  data: { workoutId, completedAt: now.toISOString(), duration: 40 },
});

describe('admin analytics over the analytics read model', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'admin-analytics-'));
    eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Appends the events, each to its workout's stream, and folds them into the analytics model. */
  async function given(events: WorkoutEvent[]) {
    for (const event of events) {
      const metadata = {
        actorId: USER,
        commandId: randomUUID(),
        correlationId: randomUUID(),
        timestamp: now.toISOString(),
        schemaVersion: 1,
      };
      await eventStore.appendToStream(
        workoutStream(event.data.workoutId),
        [{ ...event, id: randomUUID(), metadata }],
        'any',
      );
    }
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [adminAnalyticsProjection],
      logger: silentLogger,
    });
    await runner.prepare();
    await runner.catchUp();
  }

  const sets = (points: AnalyticsPoint[], date: string) => {
    const point = points.find((candidate) => candidate.date === date);
    assert.ok(point, `a point for ${date}`);
    return { sets: point.sets_logged, volume: point.volume_lifted, completed: point.workouts_completed };
  };

  it('counts a set on the day its workout is for now, wherever the workout was started for', async () => {
    await given([
      // Started for a day outside the month, then moved to yesterday.
      started('w1', '2026-10-01'),
      logged('w1', 's1', 5, 100),
      logged('w1', 's2', 5, 100),
      movedTo('w1', '2026-11-20'),
      // Moved within the week.
      started('w2', TODAY),
      logged('w2', 's1', 8, 60),
      movedTo('w2', '2026-11-18'),
      // Moved out of the month.
      started('w3', TODAY),
      logged('w3', 's1', 3, 10),
      movedTo('w3', '2026-09-01'),
      // Moved here from outside the week, and a set logged since.
      started('w4', '2026-10-02'),
      logged('w4', 's1', 2, 20),
      movedTo('w4', TODAY),
      logged('w4', 's2', 1, 10),
    ]);
    const week = await analyticsFor(readStore, 'week', now);
    assert.deepEqual(sets(week.points, '2026-11-20'), { sets: 2, volume: 1000, completed: 0 });
    assert.deepEqual(sets(week.points, '2026-11-18'), { sets: 1, volume: 480, completed: 0 });
    assert.deepEqual(sets(week.points, TODAY), { sets: 2, volume: 50, completed: 0 });
    assert.equal(week.totals.sets_logged, 5);
    assert.equal((await analyticsFor(readStore, 'month', now)).totals.sets_logged, 5);
    const year = await analyticsFor(readStore, 'year', now);
    assert.equal(sets(year.points, '2026-09-28').sets, 0, 'nothing left on the days w1 and w4 were started for');
    assert.deepEqual(sets(year.points, '2026-08-31'), { sets: 1, volume: 30, completed: 0 });
    assert.equal(year.totals.sets_logged, 6);
    const stats = await statsAt({ readStore, eventStore }, now);
    assert.equal(stats.sets_today, 2);
    assert.equal(stats.workouts_today, 1);
  });

  it('counts a completed workout on its day, and nothing of a deleted one', async () => {
    await given([
      started('w5', '2026-11-19'),
      logged('w5', 's1', 5, 100),
      logged('w5', 's2', 5, 100),
      completed('w5'),
      started('w6', '2026-11-19'),
      logged('w6', 's1', 10, 100),
      completed('w6'),
      { type: 'WorkoutDeleted', data: { workoutId: 'w6', deletedAt: now.toISOString() } },
      // Completed, then moved.
      started('w7', '2026-10-01'),
      logged('w7', 's1', 1, 10),
      completed('w7'),
      movedTo('w7', '2026-11-20'),
    ]);
    const week = await analyticsFor(readStore, 'week', now);
    assert.deepEqual(sets(week.points, '2026-11-19'), { sets: 2, volume: 1000, completed: 1 });
    assert.deepEqual(sets(week.points, '2026-11-20'), { sets: 1, volume: 10, completed: 1 });
    assert.equal(week.totals.workouts_completed, 2);
  });

  it('leaves out the sets of an exercise removed from its workout, and counts a set as last changed', async () => {
    await given([
      started('w8', '2026-11-17'),
      logged('w8', 's1', 5, 100, 'a'),
      logged('w8', 's2', 6, 50, 'b'),
      logged('w8', 's3', 7, 50, 'b'),
      { type: 'WorkoutExerciseRemoved', data: { workoutId: 'w8', workoutExerciseId: 'a' } },
      { type: 'SetChanged', data: { workoutId: 'w8', workoutExerciseId: 'b', setId: 's2', changes: { weight: 60 } } },
      { type: 'SetRemoved', data: { workoutId: 'w8', workoutExerciseId: 'b', setId: 's3' } },
    ]);
    const week = await analyticsFor(readStore, 'week', now);
    assert.deepEqual(sets(week.points, '2026-11-17'), { sets: 1, volume: 360, completed: 0 });
  });
});
