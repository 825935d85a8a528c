import type { Progress } from '@fitness/contracts';
import { BarChart3, CalendarDays, ChevronLeft, ChevronRight, Flame, Scale } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Snapshot, useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { formatMinutes, formatNumber, formatWater, localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { monthFrom, type ProgressScreen, WEEK_SPANS, type WeekSpan } from './store.ts';
import './progress.css';
import { CardHeading, TitledCard } from '../../components/TitledCard.tsx';

/** The charts (recharts) come with the screen, after its figures. */
const WeightVolumeChart = lazy(() => import('./ProgressCharts.tsx').then((m) => ({ default: m.WeightVolumeChart })));
const MonthChart = lazy(() => import('./ProgressCharts.tsx').then((m) => ({ default: m.MonthChart })));

/**
 * Progress beyond one exercise: the weekly streak against the user's goal, training volume
 * against body weight week by week, and a month's figures (the monthly metrics).
 */
export function ProgressPage({ screen }: { screen: ProgressScreen }) {
  const { t } = useTranslation();
  const services = useServices();
  const { progress } = useSnapshot(services.progress.state);
  useStoreWhileMounted(services.progress);
  useStoreWhileMounted(screen);
  return (
    <>
      <PageHeader title={t('progress.title')} subtitle={t('progress.subtitle')} />
      <div className="stack progress-screen">
        <StreakCard progress={progress} />
        <WeightVolumeCard screen={screen} />
        <MonthCard screen={screen} />
      </div>
    </>
  );
}

/** Weeks in a row at the weekly goal, the best run, and this week's workouts as dots against the goal. */
function StreakCard({ progress }: { progress: Snapshot<Progress> | null }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language, 0);
  const weeks = (count: number) => t('achievements.stats.weeks', { count, n: n(count) });
  const streak = progress?.streak;
  return (
    <TitledCard
      id="streak-title"
      icon={Flame}
      iconClassName="streak-flame"
      title={t('progress.streak')}
      className="streak-card"
      testId="weekly-streak"
    >
      {!streak ? (
        <div className="streak-placeholder" aria-busy />
      ) : (
        <>
          <p className="streak-now">
            <span className="streak-count" data-testid="streak-current">
              {weeks(streak.current)}
            </span>
            <span className="muted">{t('progress.inARow', { goal: n(streak.weekly_goal) })}</span>
          </p>
          <div className="streak-week">
            <span>{t('achievements.stats.thisWeek')}</span>
            <span
              className="streak-dots"
              role="img"
              aria-label={t('achievements.stats.ofGoal', { done: n(streak.this_week), goal: n(streak.weekly_goal) })}
            >
              {Array.from({ length: Math.max(streak.weekly_goal, streak.this_week) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its place in the week
                <span key={index} className={index < streak.this_week ? 'streak-dot done' : 'streak-dot'} />
              ))}
            </span>
            <span className="muted">
              {t('achievements.stats.ofGoal', { done: n(streak.this_week), goal: n(streak.weekly_goal) })}
            </span>
          </div>
          <p className="muted streak-foot">
            {t('progress.best', { weeks: weeks(streak.best) })} ·{' '}
            <Link href="/settings">{t('progress.changeGoal')}</Link>
          </p>
        </>
      )}
    </TitledCard>
  );
}

function WeightVolumeCard({ screen }: { screen: ProgressScreen }) {
  const { t, i18n } = useTranslation();
  const { units } = useSnapshot(useServices().settings.state);
  const { weeks, span } = useSnapshot(screen.state);
  const trained = weeks?.some((week) => week.volume_kg > 0 || week.body_weight !== null) ?? false;
  return (
    <section className="card stack-sm" aria-labelledby="weight-volume-title">
      <div className="spread">
        <CardHeading id="weight-volume-title" icon={Scale}>
          {t('progress.weightVolume')}
        </CardHeading>
        <SegmentedTabs
          label={t('progress.span')}
          value={String(span)}
          onChange={(value) => void screen.showWeeks(Number(value) as WeekSpan).catch(() => undefined)}
          options={WEEK_SPANS.map((value) => ({
            value: String(value),
            label: t('progress.weeksShort', { n: formatNumber(value, i18n.language, 0) }),
          }))}
        />
      </div>
      <div className="progress-chart-space" aria-busy={!weeks}>
        {weeks && !trained && <p className="muted">{t('progress.noWeeks')}</p>}
        {weeks && trained && (
          <Suspense fallback={null}>
            <WeightVolumeChart weeks={weeks} units={units} />
          </Suspense>
        )}
      </div>
      <p className="muted progress-legend">
        <span className="legend-swatch volume" aria-hidden /> {t('progress.volumeLegend')}
        <span className="legend-swatch weight" aria-hidden /> {t('progress.weightLegend')}
      </p>
    </section>
  );
}

function MonthCard({ screen }: { screen: ProgressScreen }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { units } = useSnapshot(useServices().settings.state);
  const { month, monthly } = useSnapshot(screen.state);
  const title = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}T00:00:00Z`),
  );
  const atLatest = month >= monthFrom(localToday(), 0);
  const n = (value: number) => formatNumber(value, lang, 0);
  const tiles: [string, string][] = monthly
    ? [
        [t('progress.month.workouts'), n(monthly.totals.workouts)],
        [t('progress.month.time'), formatMinutes(monthly.totals.workout_minutes, lang)],
        [t('progress.month.burned'), t('units.kcal', { value: n(monthly.totals.calories_burned) })],
        [t('progress.month.eaten'), t('units.kcal', { value: n(monthly.averages.calories_consumed) })],
        [t('progress.month.steps'), n(monthly.averages.steps)],
        [t('progress.month.water'), formatWater(monthly.averages.water, units, lang)],
      ]
    : [];
  return (
    <section className="card stack-sm" aria-labelledby="month-title" data-testid="month-view">
      <div className="spread">
        <CardHeading id="month-title" icon={CalendarDays}>
          <span aria-live="polite">{title}</span>
        </CardHeading>
        <div className="row" style={{ gap: 'var(--space-1)' }}>
          <Button
            variant="ghost"
            icon={<ChevronLeft size={18} className="flip-rtl" />}
            label={t('progress.previousMonth')}
            onClick={() => void screen.moveMonth(-1).catch(() => undefined)}
          />
          <Button
            variant="ghost"
            icon={<ChevronRight size={18} className="flip-rtl" />}
            label={t('progress.nextMonth')}
            disabled={atLatest}
            onClick={() => void screen.moveMonth(1).catch(() => undefined)}
          />
        </div>
      </div>
      <dl className="month-tiles" aria-busy={!monthly}>
        {tiles.map(([label, value]) => (
          <div key={label} className="value-tile month-tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="month-chart-space">
        {monthly && (
          <Suspense fallback={null}>
            <MonthChart month={monthly} />
          </Suspense>
        )}
      </div>
      <p className="muted progress-legend">
        <BarChart3 size={14} aria-hidden /> {t('progress.monthChartLegend')}
      </p>
    </section>
  );
}
