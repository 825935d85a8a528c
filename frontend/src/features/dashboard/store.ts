import type { DailyMetrics, MetricsSpan, WorkoutList, WorkoutSummary } from '@fitness/contracts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import { latestLoads } from '../../lib/latest-load.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';

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
  const loads = latestLoads(state);

  function load() {
    const date = localToday();
    return loads.run(
      () =>
        Promise.all([
          api.get<DailyMetrics>('/metrics/today', { query: { date } }),
          api.get<Week>('/metrics/weekly', { query: { date, start_of_week: startOfWeek() } }),
          // One summary, not a page of the list: the dashboard shows only the workout to continue.
          api.get<WorkoutList>('/workouts', { query: { status: 'in_progress', per_page: 1 } }),
        ]),
      ([today, week, inProgress]) => {
        state.today = today;
        state.week = week;
        state.current = inProgress.data[0] ?? null;
      },
    );
  }

  const screens = shownCount(load, 'the metrics');

  return {
    state,
    show: () => screens.show(),
    async recordSteps(count: number) {
      await api.put(`/steps/${localToday()}`, { count });
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      // While the dashboard is shown, this tab's only writes are steps, and it reloads after those.
      if (!screens.shown || api.isOwnWrite(notice.correlationId)) return;
      if (MODELS.has(notice.model)) await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      loads.invalidate();
      state.today = null;
      state.week = null;
      state.current = null;
    },
  };
}

export type Dashboard = ReturnType<typeof createDashboard>;
