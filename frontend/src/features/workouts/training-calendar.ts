import type { MetricsSpan } from '@fitness/contracts';
import { WORKOUT_SUMMARIES_MODEL } from '@fitness/contracts/workouts/summaries.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

/**
 * The days of a month the user trained on (workouts completed per day, from /metrics/monthly),
 * for the Workouts tab's calendar while it shows a month. A workout completed, moved to another
 * day or deleted, here or on another device, reads the month again; a set logged does not.
 */
export function createTrainingCalendar(api: ApiClient) {
  const state = proxy({
    /** The month shown, YYYY-MM. */
    month: '',
    /** Completed workouts per day of that month (YYYY-MM-DD), null until read. */
    days: null as Record<string, number> | null,
    failed: false,
  });

  const month = liveResource({
    what: 'the training calendar',
    fetch: () => api.get<MetricsSpan>('/metrics/monthly', { query: { date: `${state.month}-01` } }),
    take: (span) => {
      state.days = Object.fromEntries(span.days.map((day) => [day.date, day.workouts.completed]));
    },
    status: state,
    // No `answered`: a workout this tab ends changes the days, and its answer does not say so.
  });

  return {
    state,
    /** Shows the month (YYYY-MM), read fresh, until the returned function is called. */
    show(shown: string) {
      if (state.month !== shown) {
        state.month = shown;
        state.days = null;
      }
      return month.show();
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === WORKOUT_SUMMARIES_MODEL && movesTrainingDays(notice)) await month.follow(notice);
    },
    refresh: () => month.refresh(),
    clear() {
      month.clear();
      state.days = null;
    },
  };
}

export type TrainingCalendar = ReturnType<typeof createTrainingCalendar>;

/** Whether a change to a workout's summary may change which days hold a completed workout. */
function movesTrainingDays(notice: ChangeNotice) {
  if (notice.op === 'delete') return true;
  if (notice.document) return notice.document.status === 'completed';
  // A notice without the change (an older server) may say anything.
  if (!notice.changes) return true;
  return notice.changes.some((change) => change.path[0] === 'status' || change.path[0] === 'date');
}
