import { MAX_QUANTITY } from '@fitness/contracts/nutrition/arithmetic.ts';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { formatFoodAmount, formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { GRAMS_PER_OUNCE, parseDecimal, type Units } from '../../lib/units.ts';
import type { Meals } from './store.ts';
import type { MealEntry } from './types.ts';

/**
 * One logged entry: what it is and adds, with change and remove at the row's end, the same place
 * on every row whatever the name's length. Changing it edits the amount (the calories for a
 * quick-add) on a line of its own under it.
 */
export function EntryRow({
  meals,
  mealId,
  entry,
  units,
}: {
  meals: Meals;
  mealId: string;
  entry: MealEntry;
  units: Units;
}) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const lang = i18n.language;
  const imperial = units === 'imperial';
  const [editing, setEditing] = useState<string | null>(null);

  async function act(action: () => Promise<void>, success: string, failure: string) {
    try {
      await action();
      toasts.success(success);
      return true;
    } catch {
      toasts.error(failure);
      return false;
    }
  }

  async function save() {
    if (editing === null) return;
    const typed = parseDecimal(editing);
    if (!(typed > 0) || typed > MAX_QUANTITY) {
      toasts.error(t('errors.invalidInput'), t('meals.invalidQuantity'));
      return;
    }
    const change: Record<string, number | string> =
      entry.quantity === null ? { calories: typed } : { quantity: typed, unit: imperial ? 'oz' : 'g' };
    const done = await act(
      () => meals.changeEntry(mealId, entry.id, change),
      t('meals.updated'),
      t('meals.failedToUpdate'),
    );
    if (done) setEditing(null);
  }

  const startValue = () =>
    entry.quantity === null
      ? String(entry.calories)
      : String(imperial ? Math.round((entry.quantity / GRAMS_PER_OUNCE) * 10) / 10 : entry.quantity);

  return (
    <li className="entry-row" data-testid="meal-entry">
      <div className="entry-text">
        <p className="list-title">{entry.food_name}</p>
        <p className="list-meta">
          {entry.quantity !== null && <span className="value">{formatFoodAmount(entry.quantity, units, lang)}</span>}
          {entry.quantity !== null && ' · '}
          <span className="value">{t('units.kcal', { value: formatNumber(entry.calories, lang, 0) })}</span> ·{' '}
          {t('meals.macroLine', {
            protein: formatNumber(entry.protein, lang),
            carbs: formatNumber(entry.carbs, lang),
            fat: formatNumber(entry.fat, lang),
          })}
        </p>
      </div>
      <div className="entry-actions">
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil size={16} />}
          label={t('meals.editEntry', { name: entry.food_name })}
          aria-expanded={editing !== null}
          onClick={() => setEditing(editing === null ? startValue() : null)}
        />
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 size={16} />}
          label={t('meals.removeEntry', { name: entry.food_name })}
          onClick={() => act(() => meals.removeEntry(mealId, entry.id), t('meals.removed'), t('meals.failedToRemove'))}
        />
      </div>
      {editing !== null && (
        <form
          className="entry-edit"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label className="field-label" htmlFor={`edit-${entry.id}`}>
            {entry.quantity === null
              ? t('meals.calories')
              : imperial
                ? t('meals.amountInOunces')
                : t('meals.amountInGrams')}
          </label>
          <input
            id={`edit-${entry.id}`}
            className="input"
            inputMode="decimal"
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this value; focus goes where they will type
            autoFocus
          />
          <Button size="sm" type="submit" variant="primary">
            {t('common.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
            {t('common.cancel')}
          </Button>
        </form>
      )}
    </li>
  );
}
