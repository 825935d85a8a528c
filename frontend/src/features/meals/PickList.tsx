import type { Nutrients, QuantityUnit } from '@fitness/contracts/nutrition/arithmetic.ts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { Units } from '../../lib/units.ts';
import { type Pick, pickNutrients, picksTotal, servingLabel } from './picks.ts';

/** "420 kcal · P 20 g · C 50 g · F 12 g", as each pick and the total preview what they add. */
function NutrientLine({ nutrients, testId }: { nutrients: Nutrients; testId?: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <span className="list-meta" data-testid={testId}>
      <strong className="pick-kcal">{t('units.kcal', { value: formatNumber(nutrients.kcal, lang, 0) })}</strong> ·{' '}
      {t('meals.macroLine', {
        protein: formatNumber(nutrients.protein, lang),
        carbs: formatNumber(nutrients.carbs, lang),
        fat: formatNumber(nutrients.fat, lang),
      })}
    </span>
  );
}

/** What the picks add together, as typed: what "Add N foods" will log, seen before it is. */
export function PicksTotal({ picks }: { picks: Pick[] }) {
  const { t } = useTranslation();
  return (
    <p className="picks-total">
      <span>{t('meals.pickTotal')}</span> <NutrientLine nutrients={picksTotal(picks)} testId="picks-total" />
    </p>
  );
}

/** The foods picked so far, each with its amount and unit to change in place and what it adds as typed. */
export function PickList({
  picks,
  errors,
  units,
  onChange,
  onRemove,
}: {
  picks: Pick[];
  /** A message per pick (by food id) whose amount the API would refuse, or refused. */
  errors: Record<string, string>;
  units: Units;
  onChange: (foodId: string, change: Partial<Pick>) => void;
  onRemove: (foodId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (picks.length === 0) return null;
  return (
    <section className="stack-sm picks" aria-labelledby="picks-title">
      <h3 id="picks-title" className="food-section-title">
        {t('meals.picked', { count: picks.length })}
      </h3>
      <ul className="list" data-testid="picks">
        {picks.map((pick) => {
          const { food } = pick;
          const nutrients = pickNutrients(pick);
          const error = errors[food.id];
          const amountId = `pick-amount-${food.id}`;
          const unitOptions: { value: QuantityUnit; label: string }[] = [
            ...(food.serving ? [{ value: 'serving' as const, label: servingLabel(food.serving, units, lang) }] : []),
            { value: 'g', label: t('meals.grams') },
            { value: 'oz', label: t('meals.ounces') },
          ];
          return (
            <li key={food.id} className="pick" data-testid="pick">
              <span className="list-title pick-name">{food.name}</span>
              <Button
                size="sm"
                variant="ghost"
                className="pick-remove"
                icon={<X size={16} />}
                label={t('meals.unpick', { name: food.name })}
                onClick={() => onRemove(food.id)}
              />
              <div className="pick-amount">
                <label className="visually-hidden" htmlFor={amountId}>
                  {t('meals.amountOf', { name: food.name })}
                </label>
                <input
                  id={amountId}
                  className="input"
                  inputMode="decimal"
                  value={pick.amount}
                  onChange={(event) => onChange(food.id, { amount: event.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${amountId}-error` : undefined}
                />
                <label className="visually-hidden" htmlFor={`${amountId}-unit`}>
                  {t('meals.unitOf', { name: food.name })}
                </label>
                <select
                  id={`${amountId}-unit`}
                  className="input"
                  value={pick.unit}
                  onChange={(event) => onChange(food.id, { unit: event.target.value as QuantityUnit })}
                >
                  {unitOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              {error ? (
                <span className="field-error pick-preview" id={`${amountId}-error`} role="alert">
                  {error}
                </span>
              ) : (
                nutrients && (
                  <span className="pick-preview">
                    <NutrientLine nutrients={nutrients} />
                  </span>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
