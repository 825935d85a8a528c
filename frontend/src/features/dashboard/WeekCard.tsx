import { lazy, memo, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from 'valtio';
import { formatMinutes, formatNumber } from '../../lib/format.ts';
import { PENDING } from './pending.ts';
import type { Week } from './store.ts';
import { useNearScreen } from './use-near-screen.ts';

// recharts is large: it loads with the chart, not with the app, and only once the chart is near the screen.
const WeekChart = lazy(() => import('./WeekChart.tsx').then((module) => ({ default: module.WeekChart })));

/**
 * The week so far: what was eaten each day against the target and what was trained each day,
 * one chart above the other on the same days, and the week's workouts and time trained in words.
 * The words come with the numbers; the charts, in the space kept for them, once near the screen.
 */
export const WeekCard = memo(function WeekCard({ week }: { week: Snapshot<Week> | null }) {
  const { t, i18n } = useTranslation();
  const space = useRef<HTMLDivElement>(null);
  const near = useNearScreen(space);
  const totals = week?.totals;
  return (
    <section className="card stack-sm week-card" aria-labelledby="week-title" data-testid="week-card">
      <h2 id="week-title">{t('dashboard.week')}</h2>
      <dl className="facts week-facts">
        <div>
          <dt>{t('dashboard.weekWorkouts')}</dt>
          <dd className="value" data-testid={totals ? 'week-workouts' : undefined}>
            {totals ? formatNumber(totals.workouts, i18n.language, 0) : PENDING}
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.weekTrained')}</dt>
          <dd className="value" data-testid={totals ? 'week-minutes' : undefined}>
            {totals ? formatMinutes(totals.workout_minutes, i18n.language) : PENDING}
          </dd>
        </div>
      </dl>
      <div ref={space} className="week-chart-space" aria-busy={!(week && near)}>
        {week && near && (
          <Suspense fallback={null}>
            <WeekChart week={week as Week} />
          </Suspense>
        )}
      </div>
    </section>
  );
});
