import type { Progress } from '@fitness/contracts';
import { BookOpen, Dumbbell, Play, TrendingUp, Utensils } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { AchievementsPanel } from '../../components/ProgressPanels.tsx';
import { StartWorkoutDialog } from '../../components/StartWorkoutDialog.tsx';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { RecentRecords } from './RecentRecords.tsx';
import type { Dashboard } from './store.ts';
import { TodayCards } from './TodayCards.tsx';
import { useNearScreen } from './use-near-screen.ts';
import { WeatherCard } from './WeatherCard.tsx';
import type { WeatherStore } from './weather-store.ts';
import './dashboard.css';

// recharts is large: it loads with the chart, not with the app, and only once the chart is near the screen.
const WeekChart = lazy(() => import('./WeekChart.tsx').then((module) => ({ default: module.WeekChart })));

/**
 * Today at a glance: the workout in progress, today's numbers, the week's chart, records,
 * achievements and the weather, and the quick actions. Every number is the user's own and
 * follows what they log on any device. Every card is laid out at its final size from the first
 * frame, so nothing moves as the answers arrive one by one; each card reads its own store and is
 * memoised, so an answer re-renders the card it is for, not the page.
 */
export function DashboardPage({ metrics, weather }: { metrics: Dashboard; weather: WeatherStore }) {
  const { t } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { today, week, current, failed } = useSnapshot(metrics.state);
  const names = useLibraryNames();
  const [starting, setStarting] = useState(false);
  // The dialog mounts when first opened: its name field's autoFocus, mounted hidden with the page,
  // made the first frame work out every style of the page before it could paint (~40 ms on this
  // machine, ×4 on a phone).
  const [startOpened, setStartOpened] = useState(false);
  const chartSpace = useRef<HTMLDivElement>(null);
  const chartNear = useNearScreen(chartSpace);

  useStoreWhileMounted(metrics);
  // An achievement unlocked while the dashboard is open, on any device, is announced.
  useEffect(() => services.progress.show(true), [services.progress]);

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.profile?.name || user?.name || '' })}
        subtitle={t('dashboard.subtitle')}
      />
      <div className="stack">
        {failed && <p className="field-error">{t('dashboard.loadFailed')}</p>}
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
        <div className="nutrition-grid">
          <section className="card stack-sm" aria-labelledby="week-title">
            <h2 id="week-title">{t('dashboard.week')}</h2>
            <div ref={chartSpace} className="week-chart-space" aria-busy={!(week && chartNear)}>
              {week && chartNear && (
                <Suspense fallback={null}>
                  <WeekChart week={week as never} />
                </Suspense>
              )}
            </div>
          </section>
          <RecentRecords />
          <LatestAchievements />
          <WeatherCard store={weather} />
        </div>
        <section aria-labelledby="actions-title" className="stack-sm">
          <h2 id="actions-title">{t('dashboard.quickActions')}</h2>
          <div className="grid">
            <Button
              variant="primary"
              icon={<Dumbbell size={20} />}
              onClick={() => {
                setStartOpened(true);
                setStarting(true);
              }}
            >
              {t('dashboard.startWorkout')}
            </Button>
            <Link href="/meals" className="btn btn-secondary">
              <Utensils size={20} aria-hidden />
              {t('dashboard.logMeal')}
            </Link>
            <Link href="/exercises" className="btn btn-secondary">
              <BookOpen size={20} aria-hidden />
              {t('dashboard.browseExercises')}
            </Link>
            <Link href="/progress" className="btn btn-secondary">
              <TrendingUp size={20} aria-hidden />
              {t('dashboard.seeProgress')}
            </Link>
          </div>
        </section>
      </div>
      {startOpened && <StartWorkoutDialog open={starting} onClose={() => setStarting(false)} />}
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
