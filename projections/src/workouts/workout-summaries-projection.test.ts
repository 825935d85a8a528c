import assert from 'node:assert/strict';
import {
  type RecordedEvent,
  summariseWorkout,
  type WorkoutDocument,
  type WorkoutEvent,
  type WorkoutSummaryDocument,
} from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
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

const exerciseAdded = (workoutExerciseId: string, name: string): WorkoutEvent => ({
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId, exerciseId: null, name, notes: null, addedAt: '2026-11-21T10:00:01.000Z' },
});
const setLogged = (workoutExerciseId: string, setId: string): WorkoutEvent => ({
  type: 'SetLogged',
  data: {
    workoutId,
    workoutExerciseId,
    setId,
    loggedAt: '2026-11-21T10:00:02.000Z',
    reps: 5,
    weight: 100,
    restTime: null,
    type: 'working',
    notes: null,
    duration: null,
    distance: null,
  },
});

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
  setLogged('lunge', 's3'),
  { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'squat', setId: 's1', changes: { reps: 6 } } },
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
  it('holds, after every event of a workout, the summary of the workout the workouts projection holds', () => {
    const events = recorded(life);
    for (let length = 1; length <= events.length; length++) {
      const soFar = events.slice(0, length);
      const workout = foldDocument(workoutsProjection, soFar) as WorkoutDocument;
      const summary = foldDocument(workoutSummariesProjection, soFar) as WorkoutSummaryDocument;
      assert.deepEqual(shown(summary), summariseWorkout(workout), `after ${life[length - 1]?.type} (${length})`);
    }
    const last = foldDocument(workoutSummariesProjection, events) as WorkoutSummaryDocument;
    assert.deepEqual(
      [last.name, last.status, last.duration, last.exercise_count, last.set_count],
      ['Leg day', 'completed', 55, 2, 2],
    );
  });

  it('holds no sets: a workout of a hundred exercises of a hundred sets stays a few kilobytes', () => {
    const exercises = Array.from({ length: 100 }, (_, e) => [
      exerciseAdded(`x${e}`, `Exercise ${e}`),
      ...Array.from({ length: 100 }, (_, s) => setLogged(`x${e}`, `s${e}-${s}`)),
    ]).flat();
    const events = recorded([life[0] as WorkoutEvent, ...exercises]);
    const summary = foldDocument(workoutSummariesProjection, events) as WorkoutSummaryDocument;
    assert.deepEqual([summary.exercise_count, summary.set_count], [100, 10_000]);
    assert.ok(JSON.stringify(summary).length < 4_000, `${JSON.stringify(summary).length} characters`);
    assert.ok(JSON.stringify(shown(summary)).length < 500);
  });

  it('is gone with its workout', () => {
    const events = recorded([
      ...life,
      { type: 'WorkoutDeleted', data: { workoutId, deletedAt: '2026-11-23T00:00:00Z' } },
    ]);
    assert.equal(foldDocument(workoutSummariesProjection, events), null);
  });
});
