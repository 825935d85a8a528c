import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type RecordedEvent,
  summariseWorkout,
  type WorkoutDocument,
  type WorkoutEvent,
  type WorkoutSummaryDocument,
  workoutStream,
} from '@fitness/contracts';
import { setLogged as aSetLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { SqliteEventStore } from '@fitness/stores';
import { afterEach, describe, it } from 'vitest';
import { foldDocument, type ProjectionLog, projectionLog } from '../projection.ts';
import { workoutSummariesProjection } from './workout-summaries-projection.ts';
import { workoutsProjection } from './workouts-projection.ts';

const workoutId = 'w1';
const userId = 'u1';

/** Recorded events as the store would hand them over, one second apart. */
function recorded(events: WorkoutEvent[]): RecordedEvent[] {
  return events.map((event, revision) => {
    const timestamp = new Date(Date.UTC(2026, 10, 21, 10, 0, revision)).toISOString();
    return {
      ...event,
      id: `e${revision}`,
      streamId: `workout-${workoutId}`,
      revision,
      position: revision + 1,
      recordedAt: timestamp,
      metadata: { actorId: userId, commandId: `c${revision}`, correlationId: 'r', timestamp, schemaVersion: 1 },
    };
  });
}

/**
 * The summary after the events, folded `batchSize` events a batch (a fresh batch knows nothing of
 * the workouts it did not see start: it reads their events from the log, where it needs them).
 */
async function summaryAfter(
  events: RecordedEvent[],
  { batchSize = events.length, log = undefined as ProjectionLog | undefined } = {},
) {
  let stored: WorkoutSummaryDocument | null = null;
  const documents = {
    get: async () => stored,
    set: (_id: string, document: WorkoutSummaryDocument | null) => {
      stored = document;
    },
  };
  let batch = new Map<string, unknown>();
  for (const [index, event] of events.entries()) {
    if (index % batchSize === 0) batch = new Map();
    await workoutSummariesProjection.apply(event as RecordedEvent<WorkoutEvent>, documents, batch, log);
  }
  return stored as WorkoutSummaryDocument | null;
}

const opened: { dir: string; eventStore: SqliteEventStore }[] = [];
afterEach(async () => {
  for (const { dir, eventStore } of opened.splice(0)) {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The events appended to a real event store and read back as recorded, with the log the runner gives a projection. */
async function appended(events: WorkoutEvent[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workout-summaries-'));
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  opened.push({ dir, eventStore });
  const metadata = { actorId: userId, correlationId: 'r', timestamp: '2026-11-21T10:00:00.000Z', schemaVersion: 1 };
  for (const event of events) {
    await eventStore.appendToStream(
      workoutStream(workoutId),
      [{ ...event, id: randomUUID(), metadata: { ...metadata, commandId: randomUUID() } }],
      'any',
    );
  }
  return { events: await eventStore.readAll({ fromPosition: 0, maxCount: 1000 }), log: projectionLog(eventStore) };
}

const exerciseAdded = (workoutExerciseId: string, name: string): WorkoutEvent => ({
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId, exerciseId: null, name, notes: null, addedAt: '2026-11-21T10:00:01.000Z' },
});
const setLogged = (workoutExerciseId: string, setId: string, weight: number | null = 100): WorkoutEvent =>
  aSetLogged(workoutId, workoutExerciseId, setId, { reps: 5, weight }, '2026-11-21T10:00:02.000Z');

/** A workout's whole life: every kind of event, sets of removed exercises included. */
const life: WorkoutEvent[] = [
  {
    type: 'WorkoutStarted',
    data: {
      workoutId,
      userId,
      name: 'Legs',
      notes: 'heavy',
      date: '2026-11-21',
      startedAt: '2026-11-21T10:00:00.000Z',
    },
  },
  exerciseAdded('squat', 'Squat'),
  setLogged('squat', 's1'),
  setLogged('squat', 's2'),
  exerciseAdded('lunge', 'Lunge'),
  setLogged('lunge', 's3', null),
  { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'squat', setId: 's1', changes: { reps: 6 } } },
  { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'lunge', setId: 's3', changes: { weight: 20 } } },
  { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'lunge', setId: 's3', changes: { notes: 'deep' } } },
  { type: 'SetRemoved', data: { workoutId, workoutExerciseId: 'squat', setId: 's2' } },
  { type: 'WorkoutExerciseChanged', data: { workoutId, workoutExerciseId: 'lunge', name: 'Walking lunge' } },
  exerciseAdded('press', 'Leg press'),
  setLogged('press', 's4'),
  setLogged('press', 's5'),
  { type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: 'press' } },
  { type: 'WorkoutDetailsChanged', data: { workoutId, name: 'Leg day', date: '2026-11-22' } },
  { type: 'WorkoutCompleted', data: { workoutId, completedAt: '2026-11-21T11:00:00.000Z', duration: 60 } },
  { type: 'WorkoutDetailsChanged', data: { workoutId, duration: 55 } },
];

const shown = ({ set_counts: _counts, ...summary }: WorkoutSummaryDocument) => summary;

describe('workout summaries projection', () => {
  it('holds, after every event of a workout, the summary of the workout the workouts projection holds', async () => {
    const events = recorded(life);
    for (let length = 1; length <= events.length; length++) {
      const soFar = events.slice(0, length);
      const workout = foldDocument(workoutsProjection, soFar) as WorkoutDocument;
      const summary = (await summaryAfter(soFar)) as WorkoutSummaryDocument;
      assert.deepEqual(shown(summary), summariseWorkout(workout), `after ${life[length - 1]?.type} (${length})`);
    }
    const last = (await summaryAfter(events)) as WorkoutSummaryDocument;
    assert.deepEqual(
      [last.name, last.status, last.duration, last.exercise_count, last.set_count, last.volume],
      ['Leg day', 'completed', 55, 2, 2, 6 * 100 + 5 * 20],
    );
  });

  it('counts the volume again from the log where a batch did not see the workout start', async () => {
    const { events, log } = await appended(life);
    for (let length = 1; length <= events.length; length++) {
      const soFar = events.slice(0, length);
      const workout = foldDocument(workoutsProjection, soFar) as WorkoutDocument;
      for (const batchSize of [1, 2, 5]) {
        const summary = (await summaryAfter(soFar, { batchSize, log })) as WorkoutSummaryDocument;
        const after = `after ${life[length - 1]?.type} (${length}), batches of ${batchSize}`;
        assert.deepEqual(shown(summary), summariseWorkout(workout), after);
      }
    }
  });

  it('holds no sets: a workout of a hundred exercises of a hundred sets stays a few kilobytes', async () => {
    const exercises = Array.from({ length: 100 }, (_, e) => [
      exerciseAdded(`x${e}`, `Exercise ${e}`),
      ...Array.from({ length: 100 }, (_, s) => setLogged(`x${e}`, `s${e}-${s}`)),
    ]).flat();
    const events = recorded([life[0] as WorkoutEvent, ...exercises]);
    const summary = (await summaryAfter(events)) as WorkoutSummaryDocument;
    assert.deepEqual([summary.exercise_count, summary.set_count, summary.volume], [100, 10_000, 5_000_000]);
    assert.ok(JSON.stringify(summary).length < 4_000, `${JSON.stringify(summary).length} characters`);
    assert.ok(JSON.stringify(shown(summary)).length < 500);
  });

  it('is gone with its workout', async () => {
    const events = recorded([
      ...life,
      { type: 'WorkoutDeleted', data: { workoutId, deletedAt: '2026-11-23T00:00:00Z' } },
    ]);
    assert.equal(await summaryAfter(events), null);
  });
});
