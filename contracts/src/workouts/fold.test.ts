import { describe, expect, it } from 'vitest';
import type { WorkoutEvent } from './events.ts';
import { evolveWorkoutSets, type WorkoutSets } from './fold.ts';
import { setLogged } from './testing/sets.ts';

const workoutId = 'w1';
const fold = (events: WorkoutEvent[]) =>
  events.reduce<WorkoutSets | null>((workout, event) => evolveWorkoutSets(workout, event), null);
const started: WorkoutEvent = {
  type: 'WorkoutStarted',
  data: {
    workoutId,
    userId: 'u1',
    name: 'Legs',
    notes: null,
    date: '2026-11-20',
    startedAt: '2026-11-20T10:00:00.000Z',
  },
};
const added = (workoutExerciseId: string, exerciseId: string | null): WorkoutEvent => ({
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId, exerciseId, name: 'Squat', notes: null, addedAt: '2026-11-20T10:00:01.000Z' },
});
/** Each exercise's sets as [set id, reps, weight]. */
const shown = (workout: WorkoutSets | null) =>
  workout &&
  [...workout].map(([id, { exerciseId, sets }]) => ({
    id,
    exerciseId,
    sets: [...sets].map(([setId, { reps, weight }]) => [setId, reps, weight]),
  }));

describe("a workout's sets as they stand", () => {
  it('holds each set logged with the changes made to it since, in the order logged', () => {
    const workout = fold([
      started,
      added('a', 'squat'),
      added('b', null),
      setLogged(workoutId, 'a', 's1', { reps: 5, weight: 100 }),
      setLogged(workoutId, 'b', 's2', { reps: 10 }),
      setLogged(workoutId, 'a', 's3', { reps: 5, weight: 100 }),
      { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'a', setId: 's1', changes: { weight: 105 } } },
    ]);
    expect(shown(workout)).toEqual([
      {
        id: 'a',
        exerciseId: 'squat',
        sets: [
          ['s1', 5, 105],
          ['s3', 5, 100],
        ],
      },
      { id: 'b', exerciseId: null, sets: [['s2', 10, null]] },
    ]);
  });

  it('takes away a set removed and an exercise removed with its sets, and forgets a deleted workout', () => {
    const events: WorkoutEvent[] = [
      started,
      added('a', 'squat'),
      added('b', 'bench'),
      setLogged(workoutId, 'a', 's1', { reps: 5 }),
      setLogged(workoutId, 'a', 's2', { reps: 5 }),
      setLogged(workoutId, 'b', 's3', { reps: 8 }),
      { type: 'SetRemoved', data: { workoutId, workoutExerciseId: 'a', setId: 's1' } },
      { type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: 'b' } },
    ];
    expect(shown(fold(events))).toEqual([{ id: 'a', exerciseId: 'squat', sets: [['s2', 5, null]] }]);
    expect(
      fold([...events, { type: 'WorkoutDeleted', data: { workoutId, deletedAt: '2026-11-20T11:00:00.000Z' } }]),
    ).toBeNull();
  });

  it('knows no workout before its start', () => {
    expect(fold([added('a', 'squat'), setLogged(workoutId, 'a', 's1', { reps: 5 })])).toBeNull();
  });
});
