import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { weeklyStreak, weekStart, workoutsPerWeek } from './weekly-streak.ts';

/** Weeks of training, Monday 2026-03-02 onwards: how many workouts each week held, on its first days. */
function weeks(perWeek: number[], from = '2026-03-02') {
  const days: string[] = [];
  perWeek.forEach((count, week) => {
    for (let day = 0; day < count; day++) {
      days.push(new Date(Date.parse(`${from}T00:00:00Z`) + (week * 7 + day) * 86_400_000).toISOString().slice(0, 10));
    }
  });
  return workoutsPerWeek(days);
}
const streak = (perWeek: number[], today: string, weeklyGoal = 3, startOfWeek: 'monday' | 'sunday' = 'monday') =>
  weeklyStreak(weeks(perWeek), { today, weeklyGoal, startOfWeek });

describe('weekly streaks', () => {
  it('counts four workouts a week as a streak of weeks, where days in a row would read 1 or 2', () => {
    // Four weeks of four workouts; today is the Sunday that ends the fourth.
    assert.deepEqual(streak([4, 4, 4, 4], '2026-03-29'), { current: 4, best: 4, weekly_goal: 3, this_week: 4 });
  });

  it('keeps the streak through a week under way until it ends, and counts it once it reaches the goal', () => {
    // Three weeks reached, the fourth (this week) holds one workout so far.
    assert.deepEqual(streak([3, 3, 3, 1], '2026-03-24'), { current: 3, best: 3, weekly_goal: 3, this_week: 1 });
    assert.deepEqual(streak([3, 3, 3, 3], '2026-03-26'), { current: 4, best: 4, weekly_goal: 3, this_week: 3 });
    // A week ended short breaks it.
    assert.deepEqual(streak([3, 3, 3, 1], '2026-03-30'), { current: 0, best: 3, weekly_goal: 3, this_week: 0 });
  });

  it('keeps the best run after a break, and follows the goal asked for', () => {
    const perWeek = [3, 3, 3, 3, 0, 2, 2];
    assert.deepEqual(streak(perWeek, '2026-04-19'), { current: 0, best: 4, weekly_goal: 3, this_week: 2 });
    assert.deepEqual(streak(perWeek, '2026-04-19', 2), { current: 2, best: 4, weekly_goal: 2, this_week: 2 });
    assert.deepEqual(streak(perWeek, '2026-04-19', 4).best, 0);
  });

  it('counts weeks from the day the user starts them on', () => {
    // Saturday and Sunday, three weekends: three weeks of two from Monday; from Sunday each weekend
    // is split across two weeks, and the week under way holds one so far.
    const days = ['2026-03-07', '2026-03-08', '2026-03-14', '2026-03-15', '2026-03-21', '2026-03-22'];
    const counted = workoutsPerWeek(days);
    const options = { today: '2026-03-22', weeklyGoal: 2 };
    assert.equal(weeklyStreak(counted, { ...options, startOfWeek: 'monday' }).current, 3);
    assert.deepEqual(weeklyStreak(counted, { ...options, startOfWeek: 'sunday' }), {
      current: 2,
      best: 2,
      weekly_goal: 2,
      this_week: 1,
    });
    assert.equal(weekStart('2026-03-08', 'monday'), '2026-03-02');
    assert.equal(weekStart('2026-03-08', 'sunday'), '2026-03-08');
  });

  it('crosses years, and reads a summary made before weeks were counted as no streak', () => {
    const aroundNewYear = workoutsPerWeek(['2026-12-22', '2026-12-24', '2026-12-29', '2026-12-31']);
    assert.equal(weeklyStreak(aroundNewYear, { today: '2027-01-01', weeklyGoal: 2, startOfWeek: 'monday' }).current, 2);
    assert.deepEqual(weeklyStreak(undefined, { today: '2026-03-02', weeklyGoal: 3, startOfWeek: 'monday' }), {
      current: 0,
      best: 0,
      weekly_goal: 3,
      this_week: 0,
    });
  });
});
