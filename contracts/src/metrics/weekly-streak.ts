import { weekOf } from './daily.ts';

export type StartOfWeek = 'monday' | 'sunday';

/** Completed workouts in each week from the one starting on `from` (counts[i]: the week i weeks later). */
export type WeekCounts = { from: string; counts: number[] };

/**
 * Completed workouts per week, for either day the user may start their week on: all a weekly
 * streak is worked out from, a couple of hundred bytes a year.
 */
export type WorkoutsPerWeek = Record<StartOfWeek, WeekCounts>;

const WEEK_MS = 7 * 86_400_000;
const weeksFrom = (from: string, week: string) => Math.round((Date.parse(week) - Date.parse(from)) / WEEK_MS);

export const weekStart = (day: string, startOfWeek: StartOfWeek) => weekOf(day, startOfWeek)[0] ?? day;

/** Counts completed workouts (by their day) per week. */
export function workoutsPerWeek(days: string[]): WorkoutsPerWeek {
  const count = (startOfWeek: StartOfWeek): WeekCounts => {
    const weeks = days.map((day) => weekStart(day, startOfWeek)).sort();
    const from = weeks[0];
    if (from === undefined) return { from: '', counts: [] };
    const counts = new Array<number>(weeksFrom(from, weeks.at(-1) ?? from) + 1).fill(0);
    for (const week of weeks) {
      const index = weeksFrom(from, week);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    return { from, counts };
  };
  return { monday: count('monday'), sunday: count('sunday') };
}

/** A weekly streak as the API answers it. */
export type WeeklyStreak = {
  /** Weeks in a row that reached the goal, up to this one (which counts once it reaches it). */
  current: number;
  /** The longest such run ever. */
  best: number;
  weekly_goal: number;
  /** Completed workouts so far this week. */
  this_week: number;
};

/**
 * Weeks in a row with at least `weeklyGoal` completed workouts. The week under way does not
 * break a streak before it ends: until it reaches the goal, the streak is the run up to last week.
 */
export function weeklyStreak(
  weeks: WorkoutsPerWeek | undefined,
  options: { today: string; weeklyGoal: number; startOfWeek: StartOfWeek },
): WeeklyStreak {
  const { from, counts } = weeks?.[options.startOfWeek] ?? { from: '', counts: [] };
  const countAt = (index: number) => (index >= 0 ? (counts[index] ?? 0) : 0);
  const reached = (index: number) => countAt(index) >= options.weeklyGoal;

  let best = 0;
  let run = 0;
  for (let index = 0; index < counts.length; index++) {
    run = reached(index) ? run + 1 : 0;
    best = Math.max(best, run);
  }

  const thisWeek = from === '' ? -1 : weeksFrom(from, weekStart(options.today, options.startOfWeek));
  let current = 0;
  for (let index = reached(thisWeek) ? thisWeek : thisWeek - 1; reached(index); index--) current += 1;
  return { current, best, weekly_goal: options.weeklyGoal, this_week: countAt(thisWeek) };
}
