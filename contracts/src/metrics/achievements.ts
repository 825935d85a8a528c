import type { WorkoutDocument } from '../workouts/api.ts';
import { recordHistory } from './records.ts';

export const ACHIEVEMENTS = [
  'first_workout',
  'workouts_10',
  'workouts_50',
  'workouts_100',
  'week_streak',
  'month_streak',
  'first_pr',
  'prs_10',
  'volume_10000',
] as const;
export type AchievementId = (typeof ACHIEVEMENTS)[number];

export type Achievement = {
  id: AchievementId;
  unlocked: boolean;
  unlocked_at: string | null;
  progress: { current: number; target: number };
};

export type Progress = {
  achievements: Achievement[];
  streak: { current: number; best: number };
  stats: { workouts: number; volume_kg: number; minutes: number; personal_records: number };
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * Achievements (spec section 4), streaks and lifetime stats from a user's workouts as they are
 * now. Only completed workouts count. A streak is a run of consecutive calendar days with a
 * completed workout (days are the user's own, as logged). A personal record is a set that beats
 * the user's earlier best of the same kind. Because everything is worked out from the present
 * history, deleting a workout takes away an unlock that only it earned (and keeps those that
 * still stand): what the page shows is always true of the log.
 */
export function progress(workouts: WorkoutDocument[], today: string): Progress {
  const completed = workouts
    .filter((workout) => workout.status === 'completed')
    .sort((a, b) => a.date.localeCompare(b.date) || a.started_at.localeCompare(b.started_at));

  // Days trained, their running streak, and the first day each threshold was reached.
  const days = [...new Set(completed.map((workout) => workout.date))].sort();
  let run = 0;
  let best = 0;
  let previous: number | null = null;
  const firstRunOf = new Map<number, string>();
  for (const day of days) {
    const number = dayNumber(day);
    run = previous !== null && number === previous + 1 ? run + 1 : 1;
    previous = number;
    best = Math.max(best, run);
    for (const length of [7, 30]) if (run >= length && !firstRunOf.has(length)) firstRunOf.set(length, day);
  }
  const lastDay = days.at(-1);
  // A streak still stands today if the last training day was today or yesterday.
  const current = lastDay !== undefined && dayNumber(today) - dayNumber(lastDay) <= 1 ? run : 0;

  // Volume lifted (working sets with a weight), and when it passed 10,000 kg.
  let volume = 0;
  let volumeReachedOn: string | null = null;
  for (const workout of completed) {
    for (const exercise of workout.exercises) {
      for (const set of exercise.sets) if (set.type === 'working' && set.weight) volume += set.weight * set.reps;
    }
    if (volume > 10_000 && volumeReachedOn === null) volumeReachedOn = workout.date;
  }

  // Personal records: every time a set beat an earlier best, in the order it happened.
  const recordDates = recordHistory(completed).beats.map((beat) => beat.date);

  const nth = <T>(items: T[], count: number) => (items.length >= count ? (items[count - 1] ?? null) : null);
  const achievement = (id: AchievementId, current: number, target: number, unlockedAt: string | null): Achievement => ({
    id,
    unlocked: unlockedAt !== null,
    unlocked_at: unlockedAt,
    progress: { current: Math.min(current, target), target },
  });
  const workoutDates = completed.map((workout) => workout.date);
  return {
    achievements: [
      achievement('first_workout', completed.length, 1, nth(workoutDates, 1)),
      achievement('workouts_10', completed.length, 10, nth(workoutDates, 10)),
      achievement('workouts_50', completed.length, 50, nth(workoutDates, 50)),
      achievement('workouts_100', completed.length, 100, nth(workoutDates, 100)),
      achievement('week_streak', best, 7, firstRunOf.get(7) ?? null),
      achievement('month_streak', best, 30, firstRunOf.get(30) ?? null),
      achievement('first_pr', recordDates.length, 1, nth(recordDates, 1)),
      achievement('prs_10', recordDates.length, 10, nth(recordDates, 10)),
      achievement('volume_10000', Math.round(volume), 10_000, volumeReachedOn),
    ],
    streak: { current, best },
    stats: {
      workouts: completed.length,
      volume_kg: Math.round(volume),
      minutes: completed.reduce((sum, workout) => sum + (workout.duration ?? 0), 0),
      personal_records: recordDates.length,
    },
  };
}
