import assert from 'node:assert/strict';
import type { WorkoutDocument, WorkoutExercise } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { previousSets } from './previous-sets.ts';

const set = (id: string, reps: number) => ({
  id,
  reps,
  weight: 60,
  rest_time: 90,
  type: 'working' as const,
  notes: null,
  duration: null,
  distance: null,
  rpe: null,
  created_at: '2026-11-01T10:00:00.000Z',
});
const exercise = (
  id: string,
  exerciseId: string | null,
  name: string,
  sets: ReturnType<typeof set>[],
): WorkoutExercise => ({
  id,
  exercise_id: exerciseId,
  name,
  notes: null,
  plan: null,
  sets,
  created_at: '2026-11-01T10:00:00.000Z',
});
const workout = (id: string, startedAt: string, exercises: WorkoutExercise[]): WorkoutDocument => ({
  id,
  user_id: 'u1',
  name: id,
  date: startedAt.slice(0, 10),
  duration: null,
  status: 'completed',
  notes: null,
  exercises,
  started_at: startedAt,
  completed_at: null,
  created_at: startedAt,
  updated_at: startedAt,
});

describe('previous sets', () => {
  it('finds the latest earlier workout with the exercise, by library id or by name', () => {
    const today = workout('today', '2026-11-21T10:00:00.000Z', [
      exercise('t1', 'bench', 'Bench', []),
      exercise('t2', null, 'Sled Push', []),
    ]);
    const lastWeek = workout('last-week', '2026-11-14T10:00:00.000Z', [
      exercise('a', 'bench', 'Bench', [set('s1', 5)]),
      exercise('b', null, 'sled push', [set('s2', 10)]),
    ]);
    const older = workout('older', '2026-11-07T10:00:00.000Z', [exercise('c', 'bench', 'Bench', [set('s3', 3)])]);
    const later = workout('later', '2026-11-22T10:00:00.000Z', [exercise('d', 'bench', 'Bench', [set('s4', 1)])]);
    const found = previousSets(today, [later, today, lastWeek, older]);
    assert.deepEqual(
      found.map((entry) => [entry.workout_exercise_id, entry.workout_id, entry.sets.map((s) => s.id)]),
      [
        ['t1', 'last-week', ['s1']],
        ['t2', 'last-week', ['s2']],
      ],
    );
  });

  it('skips earlier workouts where the exercise had no sets, and finds nothing for a first time', () => {
    const today = workout('today', '2026-11-21T10:00:00.000Z', [exercise('t1', 'row', 'Row', [])]);
    const empty = workout('empty', '2026-11-20T10:00:00.000Z', [exercise('a', 'row', 'Row', [])]);
    assert.deepEqual(previousSets(today, [empty]), []);
  });
});
