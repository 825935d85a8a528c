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

/**
 * Each day's week start, remembered: the training summary counts every completed workout's week
 * again whenever one changes, so a history of thousands of workouts asks for the same days again
 * and again (a few thousand distinct days a decade; `weekOf` builds a whole week each time).
 */
const weekStarts: Record<StartOfWeek, Map<string, string>> = { monday: new Map(), sunday: new Map() };

export const weekStart = (day: string, startOfWeek: StartOfWeek) => {
  const known = weekStarts[startOfWeek];
  let start = known.get(day);
  if (start === undefined) {
    start = weekOf(day, startOfWeek)[0] ?? day;
    known.set(day, start);
  }
  return start;
};

/** Counts completed workouts (by their day) per week. */
export function workoutsPerWeek(days: string[]): WorkoutsPerWeek {
  const count = (startOfWeek: StartOfWeek): WeekCounts => {
    const weeks = days.map((day) => weekStart(day, startOfWeek));
    if (weeks.length === 0) return { from: '', counts: [] };
    // ISO days order as text: the first and last week without sorting them all.
    let from = weeks[0] as string;
    let to = from;
    for (const week of weeks) {
      if (week < from) from = week;
      if (week > to) to = week;
    }
    const counts = new Array<number>(weeksFrom(from, to) + 1).fill(0);
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
