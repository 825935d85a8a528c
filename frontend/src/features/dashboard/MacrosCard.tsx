import type { DailyMetrics } from '@fitness/contracts';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from 'valtio';
import { formatGrams, formatNumber } from '../../lib/format.ts';
import { PENDING } from './pending.ts';

const MACROS = ['protein', 'carbs', 'fat'] as const;

/**
 * Protein, carbohydrate and fat eaten against their targets; one past its target says by how
 * much, in the warning colour, as the calories do.
 */
export function MacrosCard({ macros }: { macros: Snapshot<DailyMetrics['macros']> | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className="card stack-sm macros-card">
      <h3>{t('dashboard.macros')}</h3>
      {MACROS.map((macro) => {
        const pair = macros?.[macro];
        const name = t(`meals.${macro}Short`);
        const over = pair && pair.target > 0 && pair.consumed > pair.target;
        const consumed = pair ? formatNumber(pair.consumed, lang, 1) : PENDING;
        const target = pair ? formatGrams(pair.target, lang) : PENDING;
        const past =
          pair && over ? t('dashboard.gramsOver', { value: formatGrams(pair.consumed - pair.target, lang, 1) }) : '';
        return (
          <div key={macro} className={over ? 'macro is-over' : 'macro'} data-testid={`macro-${macro}`}>
            <div className="spread macro-line">
              <span>{name}</span>
              <span className="macro-amounts">
                <span className="value">
                  {consumed} / {target}
                </span>
                {over && <span className="value">{past}</span>}
              </span>
            </div>
            <progress
              className="meter"
              max={pair?.target || 1}
              value={pair ? Math.min(pair.consumed, pair.target) : 0}
              aria-label={
                pair
                  ? t(over ? 'dashboard.macroOverLabel' : 'dashboard.macroLabel', {
                      macro: name,
                      consumed,
                      target,
                      over: past,
                    })
                  : name
              }
            />
          </div>
        );
      })}
    </div>
  );
}
