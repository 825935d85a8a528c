import type { DailyMetrics } from '@fitness/contracts';
import { Droplets, Dumbbell, Footprints } from 'lucide-react';
import { type FormEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Snapshot, useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { StatCard } from '../../components/StatCard.tsx';
import { formatNumber, formatWater } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { CaloriesCard } from './CaloriesCard.tsx';
import { MacrosCard } from './MacrosCard.tsx';
import { PENDING } from './pending.ts';
import type { Dashboard } from './store.ts';

/**
 * Today's numbers: calories against the target (with what training burned), macros, workouts,
 * water and steps, laid out by dashboard.css so that every row is full at any width. Before they arrive, the same cards stand with dashes in place of the numbers,
 * so they take their final size from the first frame and nothing moves when the numbers come.
 */
export const TodayCards = memo(function TodayCards({
  metrics,
  today,
}: {
  metrics: Dashboard;
  today: Snapshot<DailyMetrics> | null;
}) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { units } = useSnapshot(services.settings.state);
  const [steps, setSteps] = useState('');
  const lang = i18n.language;
  const n = (value: number | undefined) => (value === undefined ? PENDING : formatNumber(value, lang, 0));
  const water = (ml: number | undefined) => (ml === undefined ? PENDING : formatWater(ml, units, lang));

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
    <div className={today ? 'dashboard-grid' : 'dashboard-grid dashboard-pending'} aria-busy={!today}>
      <CaloriesCard calories={today?.calories} />
      <MacrosCard macros={today?.macros} />
      <StatCard
        className="workouts-card"
        icon={Dumbbell}
        value={n(today?.workouts.completed)}
        valueTestId={today ? 'workouts-completed' : undefined}
        label={t('dashboard.workoutsToday')}
      >
        <span className="muted">{t('dashboard.minutes', { minutes: n(today?.workouts.duration) })}</span>
      </StatCard>
      <StatCard
        className="water-card"
        icon={Droplets}
        value={water(today?.water.consumed)}
        valueTestId={today ? 'water-consumed' : undefined}
        label={t('dashboard.ofTarget', { target: water(today?.water.target) })}
      >
        <progress
          className="meter meter-water"
          max={today?.water.target || 1}
          value={today ? Math.min(today.water.consumed, today.water.target) : 0}
          aria-label={t('meals.water')}
        />
      </StatCard>
      <StatCard
        className="steps-card"
        icon={Footprints}
        value={n(today?.steps.count)}
        valueTestId={today ? 'steps-count' : undefined}
        label={t('dashboard.stepsOf', { target: n(today?.steps.target) })}
      >
        <form className="steps-form" onSubmit={saveSteps}>
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
      </StatCard>
    </div>
  );
});
