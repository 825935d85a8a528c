import type { DailyMetrics } from '@fitness/contracts';
import { calorieBalance } from '@fitness/contracts/metrics/daily.ts';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from 'valtio';
import { formatNumber } from '../../lib/format.ts';
import { PENDING } from './pending.ts';
import { Ring } from './Ring.tsx';

/**
 * Calories eaten against the target, and where the day stands: "N kcal left" while under the
 * allowance (the target plus what training burned), "N kcal over" in the warning colour, ring
 * and words, once past it; a "0 kcal left" on a day well past its target would not be the truth.
 */
export function CaloriesCard({ calories }: { calories: Snapshot<DailyMetrics['calories']> | undefined }) {
  const { t, i18n } = useTranslation();
  const n = (value: number | undefined) => (value === undefined ? PENDING : formatNumber(value, i18n.language, 0));
  const balance = calories && calorieBalance(calories);
  const over = balance?.over === true;
  const standing = t(over ? 'dashboard.kcalOver' : 'dashboard.kcalLeft', { value: n(balance?.kcal) });

  return (
    <div
      className="card calories-card"
      data-testid={calories ? 'calories-card' : undefined}
      data-balance={balance && (over ? 'over' : 'under')}
    >
      <Ring
        value={calories?.consumed ?? 0}
        max={calories?.target ?? 0}
        tone={over ? 'warning' : 'normal'}
        label={
          calories
            ? t(over ? 'dashboard.caloriesOverLabel' : 'dashboard.caloriesLeftLabel', {
                consumed: n(calories.consumed),
                target: n(calories.target),
                kcal: n(balance?.kcal),
              })
            : t('app.loading')
        }
      >
        <span className="stat-value" data-testid={calories ? 'calories-consumed' : undefined}>
          {n(calories?.consumed)}
        </span>
        <span className="stat-label">{t('dashboard.ofKcal', { target: n(calories?.target) })}</span>
      </Ring>
      <div className="calories-facts">
        <p className={over ? 'calorie-balance is-over' : 'calorie-balance'} data-testid="calorie-balance">
          {over && <TriangleAlert size={18} aria-hidden />}
          <span>{standing}</span>
        </p>
        <dl className="facts">
          <div>
            <dt>{t('dashboard.burned')}</dt>
            <dd className="value">{t('units.kcal', { value: n(calories?.burned) })}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
