import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { mealsTotal } from '../meals/meals-total.ts';
import type { WorkoutDocument } from '../workouts/api.ts';
import {
  caloriesBurned as burnedBy,
  calorieBalance,
  dailyMetrics,
  monthOf,
  summarize,
  weekOf,
  workoutEffort,
} from './daily.ts';

const set = {
  id: 's',
  reps: 5,
  weight: 100,
  rest_time: 90,
  type: 'working' as const,
  notes: null,
  duration: null,
  distance: null,
  rpe: null,
  created_at: '',
};
const workout = (
  exercises: { id: string | null; sets: number }[],
  duration: number | null,
  status: 'completed' | 'in_progress' = 'completed',
): WorkoutDocument => ({
  id: 'w',
  user_id: 'u',
  name: 'W',
  date: '2026-11-21',
  duration,
  status,
  notes: null,
  exercises: exercises.map((exercise, index) => ({
    id: `e${index}`,
    exercise_id: exercise.id,
    name: 'x',
    notes: null,
    plan: null,
    sets: Array.from({ length: exercise.sets }, () => set),
    created_at: '',
  })),
  started_at: '',
  completed_at: null,
  created_at: '',
  updated_at: '',
});
/** The burn of a workout as the read model keeps it. */
const caloriesBurned = (workout: WorkoutDocument, categoryOf: Parameters<typeof burnedBy>[1], weightKg: number) =>
  burnedBy(workoutEffort(workout), categoryOf, weightKg);
const categories = (id: string) => (id === 'run' ? 'cardio' : id === 'stretch' ? 'flexibility' : 'strength') as never;

describe('calories burned', () => {
  it('is MET × kg × hours, the time shared by sets among the exercises', () => {
    // One hour, 80 kg: 3 strength sets (5 MET) and 1 cardio set (7 MET): (5·3/4 + 7·1/4) · 80 = 440
    assert.equal(
      caloriesBurned(
        workout(
          [
            { id: 'squat', sets: 3 },
            { id: 'run', sets: 1 },
          ],
          60,
        ),
        categories,
        80,
      ),
      440,
    );
    // Half an hour of stretching at 60 kg: 2.5 · 60 · 0.5 = 75
    assert.equal(caloriesBurned(workout([{ id: 'stretch', sets: 2 }], 30), categories, 60), 75);
  });
  it('counts only completed workouts with a duration, and hand-typed exercises as strength', () => {
    assert.equal(caloriesBurned(workout([{ id: 'run', sets: 3 }], 60, 'in_progress'), categories, 80), 0);
    assert.equal(caloriesBurned(workout([{ id: null, sets: 2 }], 60), categories, 80), 400);
  });
});

describe('daily metrics', () => {
  const targets = { kcal: 2000, protein: 125, carbs: 250, fat: 56, water_ml: 2500, missing: [] as never[] };
  it('puts a day together in the spec’s shape', () => {
    const meal = { calories: 650, protein: 30.25, carbs: 80, fat: 20 } as never;
    const day = dailyMetrics({
      date: '2026-11-21',
      eaten: mealsTotal([meal, meal]),
      waterMl: 750,
      workouts: [workout([{ id: 'squat', sets: 4 }], 60), workout([], null, 'in_progress')].map(workoutEffort),
      steps: 8200,
      targets,
      weightKg: 80,
      categoryOf: categories,
    });
    assert.deepEqual(day, {
      date: '2026-11-21',
      calories: { consumed: 1300, burned: 400, target: 2000, remaining: 1100 },
      macros: {
        protein: { consumed: 60.5, target: 125 },
        carbs: { consumed: 160, target: 250 },
        fat: { consumed: 40, target: 56 },
      },
      workouts: { completed: 1, duration: 60 },
      water: { consumed: 750, target: 2500 },
      steps: { count: 8200, target: 10000 },
    });
    assert.deepEqual(summarize([day, day]).averages.calories_consumed, 1300);
  });

  it('tells how far past its allowance (the target and what training burned) a day is, where remaining stops at 0', () => {
    assert.deepEqual(calorieBalance({ consumed: 1956, burned: 0, target: 1727 }), { over: true, kcal: 229 });
    assert.deepEqual(calorieBalance({ consumed: 2100, burned: 300, target: 2000 }), { over: false, kcal: 200 });
    assert.deepEqual(calorieBalance({ consumed: 2000, burned: 0, target: 2000 }), { over: false, kcal: 0 });
    const day = dailyMetrics({
      date: '2026-11-21',
      eaten: mealsTotal([{ calories: 1956, protein: 0, carbs: 0, fat: 0 } as never]),
      waterMl: 0,
      workouts: [],
      steps: 0,
      targets: { ...targets, kcal: 1727 },
      weightKg: 80,
      categoryOf: categories,
    });
    assert.equal(day.calories.remaining, 0);
  });
});

describe('weeks and months', () => {
  it('starts the week on Monday or Sunday, across a month boundary', () => {
    assert.deepEqual(weekOf('2026-12-02', 'monday'), [
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    assert.equal(weekOf('2026-12-02', 'sunday')[0], '2026-11-29');
    assert.equal(weekOf('2026-11-29', 'sunday')[0], '2026-11-29');
  });
  it('knows the length of each month, leap years included', () => {
    assert.equal(monthOf('2028-02-10').length, 29);
    assert.equal(monthOf('2026-02-10').at(-1), '2026-02-28');
    assert.equal(monthOf('2026-12-31')[0], '2026-12-01');
  });
});
