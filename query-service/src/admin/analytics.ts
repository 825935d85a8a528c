import {
  type AdminAnalytics,
  type AdminStats,
  type AnalyticsCounters,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  shiftDay,
} from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import {
  ADMIN_ANALYTICS_MODEL,
  type AnalyticsDayDocument,
} from '@fitness/projections/admin-analytics/admin-analytics-projection.ts';
import type { ReadStore } from '@fitness/stores';

/** Monday of the week a UTC day is in. */
export function mondayOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return shiftDay(date, -((weekday + 6) % 7));
}

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** Each day's documents (one per user active that day) from `from` to `to` (inclusive), by date. */
async function daysBetween(readStore: ReadStore, from: string, to: string) {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDay(date, 1)) dates.push(date);
  const days = await Promise.all(
    dates.map((date) => readStore.find<AnalyticsDayDocument>(ADMIN_ANALYTICS_MODEL, { where: { kind: 'day', date } })),
  );
  return new Map(dates.map((date, index) => [date, days[index] ?? []]));
}

/** The counters of some users' days together; a user active on several of them counts once. */
function countersOf(days: AnalyticsDayDocument[]): AnalyticsCounters {
  const active = new Set<string>();
  const counters = {
    signups: 0,
    active_users: 0,
    workouts_completed: 0,
    sets_logged: 0,
    volume_lifted: 0,
    meals_logged: 0,
  };
  for (const day of days) {
    if (day.signed_up) counters.signups += 1;
    active.add(day.user_id);
    for (const workout of Object.values(day.workouts)) {
      if (workout.completed) counters.workouts_completed += 1;
      for (const [reps, weight] of Object.values(workout.sets)) {
        counters.sets_logged += 1;
        counters.volume_lifted += reps * (weight ?? 0);
      }
    }
    counters.meals_logged += Object.keys(day.meals).length;
  }
  counters.active_users = active.size;
  counters.volume_lifted = Math.round(counters.volume_lifted * 10) / 10;
  return counters;
}

/**
 * GET /admin/analytics: the last 7 or 30 days one point a day, or the last 52 weeks (Monday to
 * Sunday, the last one holding today) one point a week, from the `admin_analytics` read model.
 */
export async function analyticsFor(readStore: ReadStore, period: AnalyticsPeriod, now: Date): Promise<AdminAnalytics> {
  const to = todayUtc(now);
  const weekly = period === 'year';
  const buckets = period === 'week' ? 7 : period === 'month' ? 30 : 52;
  const step = weekly ? 7 : 1;
  const first = weekly ? shiftDay(mondayOf(to), -7 * (buckets - 1)) : shiftDay(to, -(buckets - 1));
  const days = await daysBetween(readStore, first, to);
  const points: AnalyticsPoint[] = [];
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const start = shiftDay(first, bucket * step);
    const inBucket = Array.from({ length: step }, (_, offset) => days.get(shiftDay(start, offset)) ?? []).flat();
    points.push({ date: start, ...countersOf(inBucket) });
  }
  return {
    period,
    bucket: weekly ? 'week' : 'day',
    from: first,
    to,
    points,
    totals: countersOf([...days.values()].flat()),
  };
}

/** GET /admin/stats: users from the `users` model, the days from `admin_analytics`, the lag from the checkpoints. */
export async function statsAt(readStore: ReadStore, now: Date): Promise<AdminStats> {
  const today = todayUtc(now);
  const monday = mondayOf(today);
  const weekAgo = shiftDay(today, -6);
  const [total, admins, days, checkpoints] = await Promise.all([
    readStore.count('users'),
    readStore.count('users', { role: 'admin' }),
    // This week's Monday is one of the last seven days.
    daysBetween(readStore, weekAgo, today),
    readStore.checkpoints(),
  ]);
  const todayDays = days.get(today) ?? [];
  const todayCounters = countersOf(todayDays);
  const lastSeven = [...days.values()].flat();
  const week = lastSeven.filter((day) => day.date >= monday);
  // Every projection's checkpoint moves to the last event of each batch the runner reads, so
  // the furthest one is where the log ends as far as the read side knows.
  const names = allProjections.map((projection) => projection.name);
  const head = Math.max(0, ...names.map((name) => checkpoints[name] ?? 0));
  const projections = names.map((name) => {
    const position = checkpoints[name] ?? 0;
    return { name, position, lag: head - position };
  });
  return {
    date: today,
    users: {
      total,
      admins,
      new_today: todayCounters.signups,
      new_this_week: countersOf(week).signups,
    },
    active_users: { today: todayCounters.active_users, last_7_days: countersOf(lastSeven).active_users },
    workouts_today: todayDays.reduce((sum, day) => sum + Object.keys(day.workouts).length, 0),
    sets_today: todayCounters.sets_logged,
    meals_today: todayCounters.meals_logged,
    events: head,
    projection_lag: { max: Math.max(0, ...projections.map((projection) => projection.lag)), projections },
  };
}
