import { Droplets, Plus, Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TitledCard } from '../../components/TitledCard.tsx';
import { formatTime, formatWater } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { ML_PER_FLUID_OUNCE, parseDecimal, type Units } from '../../lib/units.ts';
import type { Meals } from './store.ts';
import type { WaterDay } from './types.ts';

/** The API's bound on one water entry. */
const MAX_ML = 5000;

/**
 * The day's water as one total against its target: +250 and +500 (8 and 16 fl oz in imperial) or
 * any amount, the last one added undone in one tap, and the entries themselves folded away
 * (they are told apart by their time, which a list of bins never showed).
 */
export function WaterCard({
  meals,
  water,
  target,
  units,
}: {
  meals: Meals;
  water: WaterDay | null;
  target: number;
  units: Units;
}) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const lang = i18n.language;
  const imperial = units === 'imperial';
  const amount = (ml: number) => formatWater(ml, units, lang);
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  /** The entry just added, while it is still there: what Undo removes. */
  const [justAdded, setJustAdded] = useState<{ id: string; ml: number } | null>(null);
  const entries = water?.entries ?? [];
  const undoable = justAdded && entries.some((entry) => entry.id === justAdded.id) ? justAdded : null;

  async function log(ml: number) {
    try {
      const id = await meals.logWater(ml);
      setJustAdded({ id, ml });
      toasts.success(t('meals.waterLogged'), amount(ml));
      return true;
    } catch {
      toasts.error(t('meals.failedToLogWater'));
      return false;
    }
  }

  async function remove(id: string, done: string) {
    try {
      await meals.removeWater(id);
      if (justAdded?.id === id) setJustAdded(null);
      toasts.success(done);
    } catch {
      toasts.error(t('meals.failedToRemove'));
    }
  }

  async function logCustom(event: FormEvent) {
    event.preventDefault();
    const typed = parseDecimal(custom);
    const ml = Math.round(imperial ? typed * ML_PER_FLUID_OUNCE : typed);
    if (!(ml >= 1 && ml <= MAX_ML)) {
      setCustomError(t('meals.invalidWater', { max: amount(MAX_ML) }));
      return;
    }
    setCustomError(null);
    if (await log(ml)) setCustom('');
  }

  return (
    <TitledCard id="water-title" icon={Droplets} title={t('meals.water')} className="meals-water" testId="water">
      <p className="stat-value" data-testid="water-total">
        {amount(water?.total_ml ?? 0)}
      </p>
      <p className="muted">{t('meals.ofTarget', { target: amount(target) })}</p>
      <progress
        className="meter meter-water"
        max={target}
        value={Math.min(water?.total_ml ?? 0, target)}
        aria-label={t('meals.water')}
      />
      <div className="water-actions">
        {(imperial ? [8, 16] : [250, 500]).map((step) => {
          const ml = imperial ? Math.round(step * ML_PER_FLUID_OUNCE) : step;
          return (
            <Button key={step} icon={<Plus size={16} />} onClick={() => log(ml)}>
              {amount(ml)}
            </Button>
          );
        })}
        <form className="water-custom" onSubmit={logCustom} noValidate>
          <label className="visually-hidden" htmlFor="water-custom">
            {t('meals.otherWater', { unit: imperial ? t('meals.fluidOunces') : t('meals.millilitres') })}
          </label>
          <input
            id="water-custom"
            className="input"
            inputMode="numeric"
            placeholder={imperial ? t('meals.fluidOunces') : t('meals.millilitres')}
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            aria-invalid={customError ? true : undefined}
            aria-describedby={customError ? 'water-custom-error' : undefined}
          />
          <Button type="submit" disabled={custom.trim() === ''}>
            {t('meals.add')}
          </Button>
        </form>
      </div>
      {customError && (
        <p className="field-error" id="water-custom-error" role="alert">
          {customError}
        </p>
      )}
      {undoable && (
        <Button
          variant="ghost"
          className="water-undo"
          icon={<Undo2 size={16} className="flip-rtl" />}
          onClick={() => remove(undoable.id, t('meals.waterUndone'))}
        >
          {t('meals.undoWater', { amount: amount(undoable.ml) })}
        </Button>
      )}
      {entries.length > 0 && (
        <details className="water-entries">
          <summary>{t('meals.waterEntryCount', { count: entries.length })}</summary>
          <ul className="list" aria-label={t('meals.waterEntries')}>
            {entries.map((entry) => (
              <li key={entry.id} className="list-item">
                <span>
                  <span className="muted">{formatTime(entry.logged_at, lang)}</span> · {amount(entry.ml)}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Trash2 size={16} />}
                  label={t('meals.removeWater', {
                    amount: amount(entry.ml),
                    time: formatTime(entry.logged_at, lang),
                  })}
                  onClick={() => remove(entry.id, t('meals.waterRemoved'))}
                />
              </li>
            ))}
          </ul>
        </details>
      )}
    </TitledCard>
  );
}
