import assert from 'node:assert/strict';
import type { RecordedEvent, WorkoutEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument, ownerOf } from '../projection.ts';
import { workoutsProjection } from './workouts-projection.ts';

const workoutId = 'w1';
const userId = 'u1';
let position = 0;

/** Recorded events as the store would hand them over, one second apart. */
function recorded(events: WorkoutEvent[]): RecordedEvent[] {
  return events.map((event, revision) => {
    position += 1;
    const timestamp = new Date(Date.UTC(2026, 10, 21, 10, 0, revision)).toISOString();
    return {
      ...event,
      id: `e${position}`,
      streamId: `workout-${workoutId}`,
      revision,
      position,
      recordedAt: timestamp,
      metadata: { actorId: userId, commandId: `c${position}`, correlationId: 'r', timestamp, schemaVersion: 1 },
    };
  });
}

const started: WorkoutEvent = {
  type: 'WorkoutStarted',
  data: { workoutId, userId, name: 'Legs', notes: null, date: '2026-11-21', startedAt: '2026-11-21T10:00:00.000Z' },
};
const squat: WorkoutEvent = {
  type: 'WorkoutExerciseAdded',
  data: {
    workoutId,
    workoutExerciseId: 'x1',
    exerciseId: 'ex-squat',
    name: 'Squat',
    notes: null,
    addedAt: '2026-11-21T10:00:01.000Z',
  },
};
const set = (setId: string, reps: number, weight: number | null): WorkoutEvent => ({
  type: 'SetLogged',
  data: {
    workoutId,
    workoutExerciseId: 'x1',
    setId,
    loggedAt: '2026-11-21T10:00:02.000Z',
    reps,
    weight,
    restTime: 120,
    type: 'working',
    notes: null,
    duration: null,
    distance: null,
    rpe: null,
  },
});

describe('workouts projection', () => {
  it('builds the workout in the API shape, owned by its user', () => {
    const workout = foldDocument(workoutsProjection, recorded([started, squat, set('s1', 5, 100), set('s2', 8, null)]));
    assert.ok(workout);
    assert.equal(ownerOf(workoutsProjection, workout), userId);
    assert.deepEqual(
      { ...workout, exercises: undefined },
      {
        id: workoutId,
        user_id: userId,
        name: 'Legs',
        date: '2026-11-21',
        duration: null,
        status: 'in_progress',
        notes: null,
        exercises: undefined,
        started_at: '2026-11-21T10:00:00.000Z',
        completed_at: null,
        created_at: '2026-11-21T10:00:00.000Z',
        updated_at: '2026-11-21T10:00:03.000Z',
      },
    );
    assert.deepEqual(workout.exercises, [
      {
        id: 'x1',
        exercise_id: 'ex-squat',
        name: 'Squat',
        notes: null,
        plan: null,
        created_at: '2026-11-21T10:00:01.000Z',
        sets: [
          {
            id: 's1',
            reps: 5,
            weight: 100,
            rest_time: 120,
            type: 'working',
            notes: null,
            duration: null,
            distance: null,
            rpe: null,
            created_at: '2026-11-21T10:00:02.000Z',
          },
          {
            id: 's2',
            reps: 8,
            weight: null,
            rest_time: 120,
            type: 'working',
            notes: null,
            duration: null,
            distance: null,
            rpe: null,
            created_at: '2026-11-21T10:00:02.000Z',
          },
        ],
      },
    ]);
  });

  it('applies set changes and removals to the right set only', () => {
    const workout = foldDocument(
      workoutsProjection,
      recorded([
        started,
        squat,
        set('s1', 5, 100),
        set('s2', 5, 100),
        {
          type: 'SetChanged',
          data: {
            workoutId,
            workoutExerciseId: 'x1',
            setId: 's2',
            changes: { reps: 3, weight: null, notes: 'grindy' },
          },
        },
        { type: 'SetRemoved', data: { workoutId, workoutExerciseId: 'x1', setId: 's1' } },
      ]),
    );
    assert.deepEqual(
      workout?.exercises[0]?.sets.map((s) => [s.id, s.reps, s.weight, s.notes]),
      [['s2', 3, null, 'grindy']],
    );
  });

  it('renames, completes with a duration, and removes exercises', () => {
    const workout = foldDocument(
      workoutsProjection,
      recorded([
        started,
        squat,
        { type: 'WorkoutDetailsChanged', data: { workoutId, name: 'Heavy legs', notes: 'new belt' } },
        { type: 'WorkoutExerciseChanged', data: { workoutId, workoutExerciseId: 'x1', name: 'Front squat' } },
        { type: 'WorkoutCompleted', data: { workoutId, completedAt: '2026-11-21T11:00:00.000Z', duration: 60 } },
      ]),
    );
    assert.equal(workout?.name, 'Heavy legs');
    assert.equal(workout?.notes, 'new belt');
    assert.equal(workout?.exercises[0]?.name, 'Front squat');
    assert.equal(workout?.status, 'completed');
    assert.equal(workout?.duration, 60);
    assert.equal(workout?.completed_at, '2026-11-21T11:00:00.000Z');
    const without = foldDocument(
      workoutsProjection,
      recorded([started, squat, { type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: 'x1' } }]),
    );
    assert.deepEqual(without?.exercises, []);
  });

  it('moves exercises and groups them in supersets', () => {
    const added = (id: string, name: string): WorkoutEvent => ({
      type: 'WorkoutExerciseAdded',
      data: { ...(squat.data as object), workoutExerciseId: id, exerciseId: null, name } as never,
    });
    const changed = (workoutExerciseId: string, change: { position?: number; superset?: string | null }) =>
      ({ type: 'WorkoutExerciseChanged', data: { workoutId, workoutExerciseId, ...change } }) as WorkoutEvent;
    const workout = foldDocument(
      workoutsProjection,
      recorded([
        started,
        squat,
        added('x2', 'Bench'),
        added('x3', 'Row'),
        changed('x3', { position: 0 }),
        changed('x1', { position: 2 }),
        changed('x2', { superset: 'a' }),
        changed('x1', { superset: 'a' }),
        changed('x3', { superset: 'b' }),
        changed('x3', { superset: null }),
      ]),
    );
    assert.deepEqual(
      workout?.exercises.map(({ id, superset }) => [id, superset ?? null]),
      [
        ['x3', null],
        ['x2', 'a'],
        ['x1', 'a'],
      ],
    );
  });

  it('deletes the document when the workout is deleted', () => {
    const events = recorded([
      started,
      { type: 'WorkoutDeleted', data: { workoutId, deletedAt: '2026-11-21T11:00:00.000Z' } },
    ]);
    assert.equal(foldDocument(workoutsProjection, events), null);
  });

  it('keys documents by workout id', () => {
    const [event] = recorded([squat]);
    assert.ok(event);
    assert.equal(workoutsProjection.documentId(event as RecordedEvent<WorkoutEvent>), workoutId);
  });
});
