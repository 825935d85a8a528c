import {
  type AdminAnalytics,
  type AdminStats,
  type AnalyticsCounters,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  LAG_COUNT_LIMIT,
  shiftDay,
} from '@fitness/contracts';
import { weekStart } from '@fitness/contracts/metrics/weekly-streak.ts';
import { allProjections } from '@fitness/projections';
import {
  ADMIN_ANALYTICS_MODEL,
  type AdminAnalyticsDocument,
  type AnalyticsDayDocument,
  type AnalyticsMealDocument,
  type AnalyticsWorkoutDocument,
} from '@fitness/projections/admin/admin-analytics-projection.ts';
import { type EventStore, eventsBehind, type ReadStore } from '@fitness/stores';

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** What the analytics model holds for one day: who was active, and the workouts and meals of the day. */
type Day = { actives: AnalyticsDayDocument[]; workouts: AnalyticsWorkoutDocument[]; meals: AnalyticsMealDocument[] };

/** Each day's documents from `from` to `to` (inclusive), by date. */
async function daysBetween(readStore: ReadStore, from: string, to: string) {
  const dates: string[] = [];
  for (let date = from; date <= to; date = shiftDay(date, 1)) dates.push(date);
  const of = <D extends AdminAnalyticsDocument>(kind: D['kind'], date: string) =>
    readStore.find<D>(ADMIN_ANALYTICS_MODEL, { where: { kind, date } });
  const days = await Promise.all(
    dates.map(async (date): Promise<Day> => {
      const [actives, workouts, meals] = await Promise.all([
        of<AnalyticsDayDocument>('day', date),
        of<AnalyticsWorkoutDocument>('workout', date),
        of<AnalyticsMealDocument>('meal', date),
      ]);
      return { actives, workouts, meals };
    }),
  );
  return new Map(dates.map((date, index) => [date, days[index] as Day]));
}

/** The counters of some days together; a user active on several of them counts once. */
function countersOf(days: Day[]): AnalyticsCounters {
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
    for (const user of day.actives) {
      active.add(user.user_id);
      if (user.signed_up) counters.signups += 1;
    }
    for (const workout of day.workouts) {
      if (workout.completed) counters.workouts_completed += 1;
      counters.sets_logged += workout.sets;
      counters.volume_lifted += workout.volume;
    }
    counters.meals_logged += day.meals.length;
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
  const first = weekly ? shiftDay(weekStart(to, 'monday'), -7 * (buckets - 1)) : shiftDay(to, -(buckets - 1));
  const days = await daysBetween(readStore, first, to);
  const points: AnalyticsPoint[] = [];
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const start = shiftDay(first, bucket * step);
    const inBucket = Array.from({ length: step }, (_, offset) => days.get(shiftDay(start, offset))).filter(
      (day): day is Day => day !== undefined,
    );
    points.push({ date: start, ...countersOf(inBucket) });
  }
  return {
    period,
    bucket: weekly ? 'week' : 'day',
    from: first,
    to,
    points,
    totals: countersOf([...days.values()]),
  };
}

/**
 * GET /admin/stats: users from the `users` model, the days from `admin_analytics`, the lag from
 * the checkpoints: each projection's events up to the furthest one's position, counted in the
 * log (bounded by LAG_COUNT_LIMIT; none read while every projection is at the same position).
 */
export async function statsAt(
  stores: { readStore: ReadStore; eventStore: EventStore },
  now: Date,
): Promise<AdminStats> {
  const { readStore } = stores;
  const today = todayUtc(now);
  const monday = weekStart(today, 'monday');
  const weekAgo = shiftDay(today, -6);
  const [total, admins, days, checkpoints] = await Promise.all([
    readStore.count('users'),
    readStore.count('users', { role: 'admin' }),
    // This week's Monday is one of the last seven days.
    daysBetween(readStore, weekAgo, today),
    readStore.checkpoints(),
  ]);
  const todayDay = days.get(today);
  const todayCounters = countersOf(todayDay ? [todayDay] : []);
  const lastSeven = [...days.values()];
  const week = [...days].filter(([date]) => date >= monday).map(([, day]) => day);
  // Every projection's checkpoint moves to the last event of each batch the runner reads, so
  // the furthest one is where the log ends as far as the read side knows.
  const names = allProjections.map((projection) => projection.name);
  const positions = names.map((name) => checkpoints[name] ?? 0);
  const head = Math.max(0, ...positions);
  const behind = await eventsBehind(stores.eventStore, positions, head, LAG_COUNT_LIMIT);
  const projections = names.map((name, index) => {
    const position = positions[index] ?? 0;
    return { name, position, lag: behind.get(position) ?? 0 };
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
    workouts_today: todayDay?.workouts.length ?? 0,
    sets_today: todayCounters.sets_logged,
    meals_today: todayCounters.meals_logged,
    log_position: head,
    projection_lag: { max: Math.max(0, ...projections.map((projection) => projection.lag)), projections },
  };
}
