import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { WorkoutDocument } from '../workouts/api.ts';
import { changesAchievements, progress } from './achievements.ts';

let counter = 0;
const workout = (
  date: string,
  sets: { reps: number; weight: number | null; type?: 'warmup' | 'working' }[] = [],
  status: 'completed' | 'in_progress' = 'completed',
): WorkoutDocument => {
  counter += 1;
  return {
    id: `w${counter}`,
    user_id: 'u',
    name: 'W',
    date,
    duration: 45,
    status,
    notes: null,
    exercises: [
      {
        id: `x${counter}`,
        exercise_id: 'bench',
        name: 'Bench',
        notes: null,
        plan: null,
        sets: sets.map((set, index) => ({
          id: `s${counter}-${index}`,
          rest_time: null,
          notes: null,
          duration: null,
          distance: null,
          rpe: null,
          created_at: '',
          type: 'working',
          ...set,
        })),
        created_at: '',
      },
    ],
    started_at: `${date}T10:00:00.000Z`,
    completed_at: null,
    created_at: '',
    updated_at: '',
  };
};
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
const unlocked = (result: ReturnType<typeof progress>) =>
  Object.fromEntries(result.achievements.map((a) => [a.id, a.unlocked_at]));

describe('achievements and streaks', () => {
  it('unlocks the workout counts on the day the count was reached, completed workouts only', () => {
    const history = [...days('2026-01-01', 10).map((day) => workout(day)), workout('2026-01-20', [], 'in_progress')];
    const result = progress(history, '2026-01-20');
    assert.equal(unlocked(result).first_workout, '2026-01-01');
    assert.equal(unlocked(result).workouts_10, '2026-01-10');
    assert.equal(unlocked(result).workouts_50, null);
    assert.deepEqual(result.achievements.find((a) => a.id === 'workouts_50')?.progress, { current: 10, target: 50 });
  });

  it('unlocks the week streak at seven days in a row, across a month boundary', () => {
    const history = days('2026-01-25', 10).map((day) => workout(day)); // 25 Jan to 3 Feb
    const result = progress(history, '2026-02-04');
    assert.equal(unlocked(result).week_streak, '2026-01-31');
    assert.equal(unlocked(result).month_streak, null);
    assert.deepEqual(result.achievements.find((a) => a.id === 'month_streak')?.progress, { current: 10, target: 30 });
  });

  it('shows the streak in weeks that reached the weekly goal', () => {
    // Mondays to Thursdays, four weeks (2 to 26 March): four workouts a week, no seven days in a row.
    const history = [0, 7, 14, 21]
      .flatMap((week) => days(`2026-03-0${2}`, 25).slice(week, week + 4))
      .map((day) => workout(day));
    const result = progress(history, '2026-03-27');
    assert.deepEqual(result.streak, { current: 4, best: 4, weekly_goal: 3, this_week: 4 });
    assert.equal(unlocked(result).week_streak, null);
    assert.deepEqual(progress(history, '2026-03-27', { weeklyGoal: 5, startOfWeek: 'monday' }).streak, {
      current: 0,
      best: 0,
      weekly_goal: 5,
      this_week: 4,
    });
  });

  it('unlocks a month streak at thirty days in a row', () => {
    const result = progress(
      days('2026-03-01', 30).map((day) => workout(day)),
      '2026-03-30',
    );
    assert.equal(unlocked(result).month_streak, '2026-03-30');
  });

  it('counts personal records as beaten bests, ignoring warm-ups, and the volume lifted', () => {
    const history = [
      workout('2026-01-01', [{ reps: 10, weight: 100 }]),
      workout('2026-01-02', [
        { reps: 10, weight: 100 },
        { reps: 1, weight: 300, type: 'warmup' },
      ]),
      workout('2026-01-03', [{ reps: 10, weight: 105 }]),
    ];
    const result = progress(history, '2026-01-03');
    assert.equal(unlocked(result).first_pr, '2026-01-03');
    assert.equal(result.stats.personal_records, 3, 'heaviest weight, 1RM and set volume were all beaten');
    assert.equal(result.stats.volume_kg, 3050);
    assert.equal(unlocked(result).volume_10000, null);
  });

  it('takes an unlock away when the workout that earned it is deleted', () => {
    const history = days('2026-01-01', 10).map((day) => workout(day));
    assert.equal(unlocked(progress(history, '2026-01-10')).workouts_10, '2026-01-10');
    assert.equal(unlocked(progress(history.slice(1), '2026-01-10')).workouts_10, null);
  });

  it('passes 10,000 kg on the workout that crosses it', () => {
    const history = [
      workout('2026-01-01', [{ reps: 10, weight: 500 }]),
      workout('2026-01-02', [
        { reps: 10, weight: 500 },
        { reps: 1, weight: 10 },
      ]),
    ];
    assert.equal(unlocked(progress(history, '2026-01-02')).volume_10000, '2026-01-02');
  });

  it('tells the notices of what achievements are worked out from: the training summary and the record beats', () => {
    const notice = (id: string, model = 'personal_records') => changesAchievements({ model, id, userId: 'u' });
    assert.equal(notice('training_summary:u'), true);
    assert.equal(notice('record_beats:u'), true);
    assert.equal(notice('exercise_records:u:id:squat'), false);
    assert.equal(notice('training_log:u'), false);
    assert.equal(notice('training_summary:u', 'workouts'), false);
    assert.equal(notice('training_summary:v'), false);
  });
});
