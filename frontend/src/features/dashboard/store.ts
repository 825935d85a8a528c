import type { DailyMetrics, MetricsSpan, WorkoutList, WorkoutSummary } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

export type { DailyMetrics } from '@fitness/contracts';
/** The week the dashboard charts: /metrics/weekly's answer. */
export type Week = MetricsSpan;

const MODELS = new Set(['meals', 'water', 'workouts', 'steps', 'users']);

/**
 * Today's metrics and the week's, for the user's own calendar day and start of week, and the
 * workout in progress, if any, while the dashboard shows them. Anything logged on another device
 * (a meal, water, a set, steps, a workout started or ended) reloads them; once the user has left
 * the dashboard, nothing does until they come back.
 */
export function createDashboard(api: ApiClient, startOfWeek: () => 'monday' | 'sunday') {
  const state = proxy({
    today: null as DailyMetrics | null,
    week: null as Week | null,
    /** The workout in progress (the newest, should there be several), or null. */
    current: null as WorkoutSummary | null,
    failed: false,
  });
  const metrics = liveResource({
    what: 'the metrics',
    fetch: () => {
      const date = localToday();
      return Promise.all([
        api.get<DailyMetrics>('/metrics/today', { query: { date } }),
        api.get<Week>('/metrics/weekly', { query: { date, start_of_week: startOfWeek() } }),
        // One summary, not a page of the list: the dashboard shows only the workout to continue.
        api.get<WorkoutList>('/workouts', { query: { status: 'in_progress', per_page: 1 } }),
      ]);
    },
    take: ([today, week, inProgress]) => {
      state.today = today;
      state.week = week;
      state.current = inProgress.data[0] ?? null;
    },
    status: state,
    // While the dashboard is shown, this tab's only writes are steps, and it reloads after those.
    answered: api.isOwnWrite,
  });

  return {
    state,
    show: () => metrics.show(),
    async recordSteps(count: number) {
      await api.put(`/steps/${localToday()}`, { count });
      await metrics.load();
    },
    async applyChange(notice: ChangeNotice) {
      // Worked out by the server: a change reads them again.
      if (MODELS.has(notice.model)) await metrics.follow(notice);
    },
    refresh: () => metrics.refresh(),
    clear() {
      metrics.clear();
      state.today = null;
      state.week = null;
      state.current = null;
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
