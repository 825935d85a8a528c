import { type AdminAnalytics, ANALYTICS_PERIODS } from '@fitness/contracts/admin/api.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdminNav } from '../../components/AdminNav.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { BackendRequired } from './BackendRequired.tsx';
import type { AdminStore } from './store.ts';
import './admin.css';

// recharts is large: it loads with the charts, not with the app.
const AnalyticsCharts = lazy(() =>
  import('./AnalyticsCharts.tsx').then((module) => ({ default: module.AnalyticsCharts })),
);

const TOTALS = [
  'signups',
  'active_users',
  'workouts_completed',
  'sets_logged',
  'volume_lifted',
  'meals_logged',
] as const satisfies readonly (keyof AdminAnalytics['totals'])[];

/** Sign-ups, activity, training and meals over a week, a month or a year, following what users do. */
export function AdminAnalyticsPage({ admin }: { admin: AdminStore }) {
  const { t, i18n } = useTranslation();
  const { analytics, analyticsFailed, period } = useSnapshot(admin.state);
  useStoreWhileMounted({ show: admin.showAnalytics });
  const lang = i18n.language;

  return (
    <>
      <PageHeader title={t('admin.analytics.title')} subtitle={t('admin.analytics.subtitle')} />
      <AdminNav />
      <div className="stack">
        <SegmentedTabs
          label={t('admin.analytics.period')}
          value={period}
          options={ANALYTICS_PERIODS.map((value) => ({ value, label: t(`admin.analytics.periods.${value}`) }))}
          onChange={(value) => admin.choosePeriod(value).catch(() => undefined)}
        />
        {analyticsFailed && <BackendRequired />}
        {!analytics && !analyticsFailed && <Spinner />}
        {analytics && (
          <>
            <section aria-labelledby="admin-totals-title" className="stack-sm">
              <h2 id="admin-totals-title">{t('admin.analytics.totals')}</h2>
              <div className="admin-stats">
                {TOTALS.map((key) => (
                  <div key={key} className="card stat" data-testid={`admin-total-${key}`}>
                    <span className="stat-value" data-testid={`admin-total-${key}-value`}>
                      {formatNumber(analytics.totals[key], lang, 0)}
                    </span>
                    <span className="stat-label">{t(`admin.analytics.series.${key}`)}</span>
                  </div>
                ))}
              </div>
            </section>
            <Suspense fallback={<Spinner />}>
              <AnalyticsCharts analytics={analytics as AdminAnalytics} />
            </Suspense>
          </>
        )}
      </div>
    </>
  );
}
