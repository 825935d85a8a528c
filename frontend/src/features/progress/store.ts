import type { MetricsSpan } from '@fitness/contracts';
import { shiftMonth } from '@fitness/contracts/calendar.ts';
import { trainingSummaryId } from '@fitness/contracts/metrics/achievements.ts';
import { DAILY_METRICS_MODEL, monthTotalsId } from '@fitness/contracts/metrics/day-totals.ts';
import type { TrainingWeek, TrainingWeeks } from '@fitness/contracts/metrics/training-weeks.ts';
import { PERSONAL_RECORDS_MODEL } from '@fitness/contracts/records/records.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

/** How many weeks the body weight and volume chart may show. */
export const WEEK_SPANS = [12, 26, 52] as const;
export type WeekSpan = (typeof WEEK_SPANS)[number];

/** The first day of the month `by` months from the one holding `day`. */
export const monthFrom = (day: string, by: number) => `${shiftMonth(day, by)}-01`;

/**
 * The Progress screen's figures while it shows them: one month's metrics (/metrics/monthly, the
 * month chosen) and training against body weight, week by week (/metrics/training-weeks). Each
 * is read again only when a change pushed is one it is made of: the month's daily totals or the
 * profile (targets), the training summary (a workout completed or changed) or a weigh-in.
 */
export function createProgressScreen(
  api: ApiClient,
  options: { userId: () => string | null; startOfWeek: () => 'monday' | 'sunday' },
) {
  const state = proxy({
    /** The first day of the month shown. */
    month: monthFrom(localToday(), 0),
    monthly: null as MetricsSpan | null,
    span: 26 as WeekSpan,
    weeks: null as TrainingWeek[] | null,
    failed: false,
  });

  const month = liveResource({
    what: "the month's metrics",
    fetch: () => {
      const date = state.month;
      return api
        .get<MetricsSpan>('/metrics/monthly', { query: { date, start_of_week: options.startOfWeek() } })
        .then((answer) => ({ date, answer }));
    },
    take: ({ date, answer }) => {
      if (date === state.month) state.monthly = answer;
    },
    status: state,
  });
  const weeks = liveResource({
    what: 'the training weeks',
    fetch: () =>
      api.get<TrainingWeeks>('/metrics/training-weeks', {
        query: { date: localToday(), weeks: state.span, start_of_week: options.startOfWeek() },
      }),
    take: (answer) => {
      state.weeks = answer.weeks;
    },
    status: state,
  });

  function concerns(notice: ChangeNotice) {
    const user = options.userId();
    if (!user || notice.userId !== user) return { month: false, weeks: false };
    return {
      month:
        (notice.model === DAILY_METRICS_MODEL && notice.id === monthTotalsId(user, state.month.slice(0, 7))) ||
        notice.model === 'users',
      weeks:
        (notice.model === PERSONAL_RECORDS_MODEL && notice.id === trainingSummaryId(user)) ||
        notice.model === 'body_weight',
    };
  }

  return {
    state,
    /** Shows both until the returned function is called. */
    show() {
      const hideMonth = month.show();
      const hideWeeks = weeks.show();
      return () => {
        hideMonth();
        hideWeeks();
      };
    },
    /** Moves the month shown by `by` months (never past the current one). */
    async moveMonth(by: number) {
      const next = monthFrom(state.month, by);
      if (next > monthFrom(localToday(), 0)) return;
      state.month = next;
      state.monthly = null;
      await month.load();
    },
    async showWeeks(span: WeekSpan) {
      state.span = span;
      await weeks.load();
    },
    async applyChange(notice: ChangeNotice) {
      const { month: ofMonth, weeks: ofWeeks } = concerns(notice);
      await Promise.all([ofMonth ? month.follow(notice) : null, ofWeeks ? weeks.follow(notice) : null]);
    },
    refresh: () => Promise.all([month.refresh(), weeks.refresh()]).then(() => undefined),
    clear() {
      month.clear();
      weeks.clear();
      state.monthly = null;
      state.weeks = null;
    },
  };
}

export type ProgressScreen = ReturnType<typeof createProgressScreen>;
