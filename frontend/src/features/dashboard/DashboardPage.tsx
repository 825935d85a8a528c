import type { Progress } from '@fitness/contracts';
import { Play } from 'lucide-react';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PageHeader } from '../../components/Feedback.tsx';
import { AchievementsPanel } from '../../components/ProgressPanels.tsx';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { QuickActions } from './QuickActions.tsx';
import { RecentRecords } from './RecentRecords.tsx';
import type { Dashboard } from './store.ts';
import { TodayCards } from './TodayCards.tsx';
import { WeatherCard } from './WeatherCard.tsx';
import { WeekCard } from './WeekCard.tsx';
import type { WeatherStore } from './weather-store.ts';
// In this order, as one file they were: a later rule wins a tie with an earlier one.
import './dashboard.css';
import './calories-card.css';
import './macros-card.css';
import './dashboard-more.css';
import './week-chart.css';

/**
 * Today at a glance: the quick actions first, the workout in progress, today's numbers, the
 * week's charts, the weather, achievements and records, in grids whose rows are always full
 * (dashboard.css). Every number is the user's own and follows what they log on any device.
 * Every card is laid out at its final size from the first frame, so nothing moves as the
 * answers arrive one by one; each card reads its own store and is memoised, so an answer
 * re-renders the card it is for, not the page.
 */
export function DashboardPage({ metrics, weather }: { metrics: Dashboard; weather: WeatherStore }) {
  const { t } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { today, week, current, failed } = useSnapshot(metrics.state);
  const names = useLibraryNames();

  useStoreWhileMounted(metrics);
  // An achievement unlocked while the dashboard is open, on any device, is announced.
  useEffect(() => services.progress.show(true), [services.progress]);

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.profile?.name || user?.name || '' })}
        subtitle={t('dashboard.subtitle')}
      />
      <div className="stack dashboard">
        {failed && <p className="field-error">{t('dashboard.loadFailed')}</p>}
        <QuickActions />
        <section aria-labelledby="today-title" className="stack-sm">
          {/* The workout in progress sits in the heading's row, which is as tall with it as without. */}
          <div className="spread dashboard-heading">
            <h2 id="today-title">{t('dashboard.today')}</h2>
            {current && (
              <Link
                href={`/workouts/${current.id}`}
                className="btn btn-primary btn-sm dashboard-continue"
                title={t('dashboard.inProgress')}
                data-testid="continue-workout"
              >
                <Play size={16} aria-hidden />
                <span>
                  {t('dashboard.continue')}: <bdi>{names.workout(current.name)}</bdi>
                </span>
              </Link>
            )}
          </div>
          <TodayCards metrics={metrics} today={today} />
        </section>
        <div className="dashboard-more">
          <WeekCard week={week} />
          <WeatherCard store={weather} />
          <LatestAchievements />
          <RecentRecords />
        </div>
      </div>
    </>
  );
}

/** The latest achievements, in their space while they load. */
const LatestAchievements = memo(function LatestAchievements() {
  const { t } = useTranslation();
  const { progress } = useSnapshot(useServices().progress.state);
  return (
    <div className="achievements-space">
      {progress ? (
        <AchievementsPanel progress={progress as Progress} latestOnly />
      ) : (
        <section className="card" aria-busy="true" aria-label={t('achievements.latest')} />
      )}
    </div>
  );
});
