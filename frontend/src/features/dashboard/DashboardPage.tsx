import type { Progress } from '@fitness/contracts';
import { BookOpen, Droplets, Dumbbell, Footprints, Play, Utensils } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { AchievementsPanel } from '../../components/ProgressPanels.tsx';
import { StartWorkoutDialog } from '../../components/StartWorkoutDialog.tsx';
import { formatNumber, formatWater } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { RecentRecords } from './RecentRecords.tsx';
import { Ring } from './Ring.tsx';
import type { Dashboard } from './store.ts';
import { WeatherCard } from './WeatherCard.tsx';
import type { WeatherStore } from './weather-store.ts';

// recharts is large: it loads with the chart, not with the app.
const WeekChart = lazy(() => import('./WeekChart.tsx').then((module) => ({ default: module.WeekChart })));

/**
 * Today at a glance: calories against the target (with what training burned), macros, workouts,
 * water and steps, the week's chart, and the quick actions. Every number is the user's own and
 * follows what they log on any device.
 */
export function DashboardPage({ metrics, weather }: { metrics: Dashboard; weather: WeatherStore }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { today, week, current, failed } = useSnapshot(metrics.state);
  const { units } = useSnapshot(services.settings.state);
  const { progress } = useSnapshot(services.progress.state);
  const [starting, setStarting] = useState(false);
  const [steps, setSteps] = useState('');
  const lang = i18n.language;
  const n = (value: number, digits = 0) => formatNumber(value, lang, digits);
  const water = (ml: number) => formatWater(ml, units, lang);

  useStoreWhileMounted(metrics);
  // An achievement unlocked while the dashboard is open, on any device, is announced.
  useEffect(() => services.progress.show(true), [services.progress]);

  async function saveSteps(event: FormEvent) {
    event.preventDefault();
    const count = Number(steps);
    if (!Number.isInteger(count) || count < 0 || count > 200000) {
      services.toasts.error(t('errors.invalidInput'), t('dashboard.invalidSteps'));
      return;
    }
    try {
      await metrics.recordSteps(count);
      setSteps('');
      services.toasts.success(t('dashboard.stepsSaved'));
    } catch {
      services.toasts.error(t('dashboard.failedSteps'));
    }
  }

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.profile?.name || user?.name || '' })}
        subtitle={t('dashboard.subtitle')}
      />
      <div className="stack">
        {current && (
          <section className="card spread" aria-label={t('dashboard.inProgress')}>
            <div>
              <p className="muted">{t('dashboard.inProgress')}</p>
              <p className="list-title">{current.name}</p>
            </div>
            <Link href={`/workouts/${current.id}`} className="btn btn-primary">
              <Play size={18} aria-hidden />
              {t('dashboard.continue')}
            </Link>
          </section>
        )}
        {failed && <p className="field-error">{t('dashboard.loadFailed')}</p>}
        {!today && !failed && <Spinner />}
        {today && (
          <section aria-labelledby="today-title" className="stack-sm">
            <h2 id="today-title">{t('dashboard.today')}</h2>
            <div className="dashboard-grid">
              <div className="card calories-card" data-testid="calories-card">
                <Ring
                  value={today.calories.consumed}
                  max={today.calories.target}
                  label={t('dashboard.caloriesLabel', {
                    consumed: n(today.calories.consumed),
                    target: n(today.calories.target),
                  })}
                >
                  <span className="stat-value" data-testid="calories-consumed">
                    {n(today.calories.consumed)}
                  </span>
                  <span className="stat-label">{t('dashboard.ofKcal', { target: n(today.calories.target) })}</span>
                </Ring>
                <dl className="facts">
                  <div>
                    <dt>{t('dashboard.burned')}</dt>
                    <dd>{n(today.calories.burned)} kcal</dd>
                  </div>
                  <div>
                    <dt>{t('dashboard.remaining')}</dt>
                    <dd>{n(today.calories.remaining)} kcal</dd>
                  </div>
                </dl>
              </div>
              <div className="card stack-sm">
                <h3>{t('dashboard.macros')}</h3>
                {(['protein', 'carbs', 'fat'] as const).map((macro) => (
                  <div key={macro} className="stack-sm" style={{ gap: 2 }}>
                    <div className="spread" style={{ fontSize: 'var(--text-sm)' }}>
                      <span>{t(`meals.${macro}Short`)}</span>
                      <span className="muted">
                        {n(today.macros[macro].consumed, 1)} / {n(today.macros[macro].target)} g
                      </span>
                    </div>
                    <progress
                      className="meter"
                      max={today.macros[macro].target || 1}
                      value={Math.min(today.macros[macro].consumed, today.macros[macro].target)}
                      aria-label={t(`meals.${macro}Short`)}
                    />
                  </div>
                ))}
              </div>
              <div className="card stat">
                <Dumbbell size={20} aria-hidden className="muted" />
                <span className="stat-value" data-testid="workouts-completed">
                  {n(today.workouts.completed)}
                </span>
                <span className="stat-label">{t('dashboard.workoutsToday')}</span>
                <span className="muted">{t('dashboard.minutes', { minutes: n(today.workouts.duration) })}</span>
              </div>
              <div className="card stat">
                <Droplets size={20} aria-hidden className="muted" />
                <span className="stat-value" data-testid="water-consumed">
                  {water(today.water.consumed)}
                </span>
                <span className="stat-label">{t('dashboard.ofTarget', { target: water(today.water.target) })}</span>
                <progress
                  className="meter meter-water"
                  max={today.water.target || 1}
                  value={Math.min(today.water.consumed, today.water.target)}
                  aria-label={t('meals.water')}
                />
              </div>
              <div className="card stat">
                <Footprints size={20} aria-hidden className="muted" />
                <span className="stat-value" data-testid="steps-count">
                  {n(today.steps.count)}
                </span>
                <span className="stat-label">{t('dashboard.stepsOf', { target: n(today.steps.target) })}</span>
                <form className="row" onSubmit={saveSteps} style={{ gap: 'var(--space-2)', flexWrap: 'nowrap' }}>
                  <label htmlFor="steps-input" className="visually-hidden">
                    {t('dashboard.stepsToday')}
                  </label>
                  <input
                    id="steps-input"
                    className="input"
                    inputMode="numeric"
                    placeholder={t('dashboard.stepsPlaceholder')}
                    value={steps}
                    onChange={(e) => setSteps(e.target.value)}
                  />
                  <Button type="submit" size="sm">
                    {t('common.save')}
                  </Button>
                </form>
              </div>
            </div>
          </section>
        )}
        <div className="nutrition-grid">
          {week && (
            <section className="card stack-sm" aria-labelledby="week-title">
              <h2 id="week-title">{t('dashboard.week')}</h2>
              <Suspense fallback={<Spinner />}>
                <WeekChart week={week as never} />
              </Suspense>
            </section>
          )}
          <RecentRecords />
          {progress && <AchievementsPanel progress={progress as Progress} latestOnly />}
          <WeatherCard store={weather} />
        </div>
        <section aria-labelledby="actions-title" className="stack-sm">
          <h2 id="actions-title">{t('dashboard.quickActions')}</h2>
          <div className="grid">
            <Button variant="primary" icon={<Dumbbell size={20} />} onClick={() => setStarting(true)}>
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
          </div>
        </section>
      </div>
      <StartWorkoutDialog open={starting} onClose={() => setStarting(false)} />
    </>
  );
}
