import type { DailyMetrics } from '@fitness/contracts';
import { Droplets, Dumbbell, Footprints } from 'lucide-react';
import { type FormEvent, memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Snapshot, useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { formatGrams, formatNumber, formatWater } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { PENDING } from './pending.ts';
import { Ring } from './Ring.tsx';
import type { Dashboard } from './store.ts';

/**
 * Today's numbers: calories against the target (with what training burned), macros, workouts,
 * water and steps. Before they arrive, the same cards stand with dashes in place of the numbers,
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
  const n = (value: number | undefined, digits = 0) =>
    value === undefined ? PENDING : formatNumber(value, lang, digits);
  const water = (ml: number | undefined) => (ml === undefined ? PENDING : formatWater(ml, units, lang));
  const grams = (value: number | undefined) => (value === undefined ? PENDING : formatGrams(value, lang));

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
      <div className="card calories-card" data-testid={today ? 'calories-card' : undefined}>
        <Ring
          value={today?.calories.consumed ?? 0}
          max={today?.calories.target ?? 0}
          label={
            today
              ? t('dashboard.caloriesLabel', {
                  consumed: n(today.calories.consumed),
                  target: n(today.calories.target),
                })
              : t('app.loading')
          }
        >
          <span className="stat-value" data-testid={today ? 'calories-consumed' : undefined}>
            {n(today?.calories.consumed)}
          </span>
          <span className="stat-label">{t('dashboard.ofKcal', { target: n(today?.calories.target) })}</span>
        </Ring>
        <dl className="facts">
          <div>
            <dt>{t('dashboard.burned')}</dt>
            <dd>{t('units.kcal', { value: n(today?.calories.burned) })}</dd>
          </div>
          <div>
            <dt>{t('dashboard.remaining')}</dt>
            <dd>{t('units.kcal', { value: n(today?.calories.remaining) })}</dd>
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
                {n(today?.macros[macro].consumed, 1)} / {grams(today?.macros[macro].target)}
              </span>
            </div>
            <progress
              className="meter"
              max={today?.macros[macro].target || 1}
              value={today ? Math.min(today.macros[macro].consumed, today.macros[macro].target) : 0}
              aria-label={t(`meals.${macro}Short`)}
            />
          </div>
        ))}
      </div>
      <div className="card stat">
        <Dumbbell size={20} aria-hidden className="muted" />
        <span className="stat-value" data-testid={today ? 'workouts-completed' : undefined}>
          {n(today?.workouts.completed)}
        </span>
        <span className="stat-label">{t('dashboard.workoutsToday')}</span>
        <span className="muted">{t('dashboard.minutes', { minutes: n(today?.workouts.duration) })}</span>
      </div>
      <div className="card stat">
        <Droplets size={20} aria-hidden className="muted" />
        <span className="stat-value" data-testid={today ? 'water-consumed' : undefined}>
          {water(today?.water.consumed)}
        </span>
        <span className="stat-label">{t('dashboard.ofTarget', { target: water(today?.water.target) })}</span>
        <progress
          className="meter meter-water"
          max={today?.water.target || 1}
          value={today ? Math.min(today.water.consumed, today.water.target) : 0}
          aria-label={t('meals.water')}
        />
      </div>
      <div className="card stat">
        <Footprints size={20} aria-hidden className="muted" />
        <span className="stat-value" data-testid={today ? 'steps-count' : undefined}>
          {n(today?.steps.count)}
        </span>
        <span className="stat-label">{t('dashboard.stepsOf', { target: n(today?.steps.target) })}</span>
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
  );
});
