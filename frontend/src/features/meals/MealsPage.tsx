import { shiftDay } from '@fitness/contracts/calendar.ts';
import { mealsTotal } from '@fitness/contracts/nutrition/arithmetic.ts';
import { ChevronLeft, ChevronRight, Droplets, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { formatDay, formatFoodAmount, formatNumber, formatWater, localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { GRAMS_PER_OUNCE, ML_PER_FLUID_OUNCE, parseDecimal } from '../../lib/units.ts';
import { AddFoodDialog } from './AddFoodDialog.tsx';
import type { Meals } from './store.ts';

// recharts is large: it loads with the chart, not with the app.
const MacroChart = lazy(() => import('./MacroChart.tsx').then((module) => ({ default: module.MacroChart })));

import { MEAL_TYPES, type Meal, type MealEntry, type MealType } from './types.ts';

/** Meals of a day by type with totals, the macro chart against targets, and water. */
export function MealsPage({ meals: store }: { meals: Meals }) {
  const { t, i18n } = useTranslation();
  const { settings, toasts } = useServices();
  const day = useSnapshot(store.state);
  const { units } = useSnapshot(settings.state);
  const [adding, setAdding] = useState<MealType | null>(null);
  const [editing, setEditing] = useState<{ mealId: string; entryId: string; value: string } | null>(null);
  const lang = i18n.language;

  // The language is a trigger: it names the foods.
  useStoreWhileMounted(store, lang);

  const meals = day.meals as Meal[];
  const totals = mealsTotal(meals);
  const targets = day.targets;
  const water = day.water;
  const imperial = units === 'imperial';
  const waterSteps = imperial ? [8, 16] : [250, 500];
  const waterAmount = (ml: number) => formatWater(ml, units, lang);
  const quantity = (grams: number) => formatFoodAmount(grams, units, lang);
  const kcal = (value: number) => t('units.kcal', { value: formatNumber(value, lang, 0) });

  async function act(action: () => Promise<void>, success: string, failure: string) {
    try {
      await action();
      toasts.success(success);
    } catch {
      toasts.error(failure);
    }
  }

  async function saveEdit(entry: MealEntry) {
    if (!editing) return;
    const typed = parseDecimal(editing.value);
    if (!(typed > 0) || typed > 10000) {
      toasts.error(t('errors.invalidInput'), t('meals.invalidQuantity'));
      return;
    }
    const change: Record<string, number | string> =
      entry.quantity === null ? { calories: typed } : { quantity: typed, unit: imperial ? 'oz' : 'g' };
    await act(
      () => store.changeEntry(editing.mealId, editing.entryId, change),
      t('meals.updated'),
      t('meals.failedToUpdate'),
    );
    setEditing(null);
  }

  const dateLabel = day.date === localToday() ? t('meals.today') : formatDay(day.date, lang);

  return (
    <>
      <PageHeader
        title={t('meals.title')}
        subtitle={dateLabel}
        actions={
          <div className="row" style={{ gap: 'var(--space-1)' }}>
            <Button
              icon={<ChevronLeft size={18} className="flip-rtl" />}
              label={t('meals.previousDay')}
              onClick={() => store.goTo(shiftDay(day.date, -1))}
            />
            <Button onClick={() => store.goTo(localToday())} disabled={day.date === localToday()}>
              {t('meals.today')}
            </Button>
            <Button
              icon={<ChevronRight size={18} className="flip-rtl" />}
              label={t('meals.nextDay')}
              onClick={() => store.goTo(shiftDay(day.date, 1))}
            />
          </div>
        }
      />
      {!day.loaded && !day.failed && <Spinner />}
      {day.failed && <p className="field-error">{t('meals.loadFailed')}</p>}
      {day.loaded && targets && (
        <div className="stack">
          {targets.missing.length > 0 && (
            <div className="notice" role="note">
              <Info size={20} aria-hidden />
              <span>
                {t('meals.defaultTargets')} <Link href="/profile">{t('meals.completeProfile')}</Link>
              </span>
            </div>
          )}
          <div className="nutrition-grid">
            <section className="card stack-sm" aria-labelledby="day-totals">
              <h2 id="day-totals">{t('meals.totals')}</h2>
              <p className="stat-value" data-testid="day-calories">
                {kcal(totals.kcal)}
              </p>
              <p className="muted">
                {t('meals.ofTarget', { target: kcal(targets.kcal) })} ·{' '}
                {totals.kcal <= targets.kcal
                  ? t('meals.remaining', { value: kcal(targets.kcal - totals.kcal) })
                  : t('meals.over', { value: kcal(totals.kcal - targets.kcal) })}
              </p>
              <progress
                className="meter"
                max={targets.kcal}
                value={Math.min(totals.kcal, targets.kcal)}
                aria-label={t('meals.totals')}
              />
              <Suspense fallback={<Spinner />}>
                <MacroChart consumed={totals} target={targets} />
              </Suspense>
            </section>
            <section className="card stack-sm" aria-labelledby="water-title" data-testid="water">
              <h2 id="water-title" className="row" style={{ gap: 'var(--space-2)' }}>
                <Droplets size={20} aria-hidden className="muted" />
                {t('meals.water')}
              </h2>
              <p className="stat-value" data-testid="water-total">
                {waterAmount(water?.total_ml ?? 0)}
              </p>
              <p className="muted">
                {t('meals.ofTarget', { target: waterAmount(water?.target_ml ?? targets.water_ml) })}
              </p>
              <progress
                className="meter meter-water"
                max={water?.target_ml ?? targets.water_ml}
                value={Math.min(water?.total_ml ?? 0, water?.target_ml ?? targets.water_ml)}
                aria-label={t('meals.water')}
              />
              <div className="row">
                {waterSteps.map((step) => {
                  const ml = imperial ? Math.round(step * ML_PER_FLUID_OUNCE) : step;
                  return (
                    <Button
                      key={step}
                      icon={<Plus size={16} />}
                      onClick={() => act(() => store.logWater(ml), t('meals.waterLogged'), t('meals.failedToLogWater'))}
                    >
                      {waterAmount(ml)}
                    </Button>
                  );
                })}
              </div>
              <ul className="list" aria-label={t('meals.waterEntries')}>
                {water?.entries.map((entry) => (
                  <li key={entry.id} className="list-item">
                    <span>{waterAmount(entry.ml)}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Trash2 size={16} />}
                      label={t('meals.removeWater', { amount: waterAmount(entry.ml) })}
                      onClick={() =>
                        act(() => store.removeWater(entry.id), t('meals.waterRemoved'), t('meals.failedToRemove'))
                      }
                    />
                  </li>
                ))}
              </ul>
            </section>
          </div>
          {MEAL_TYPES.map((type) => {
            const meal = meals.find((m) => m.type === type);
            return (
              <section
                key={type}
                className="card stack-sm"
                aria-labelledby={`meal-${type}`}
                data-testid={`meal-${type}`}
              >
                <div className="spread">
                  <h2 id={`meal-${type}`}>{t(`meals.types.${type}`)}</h2>
                  <div className="row">
                    <span className="muted" data-testid={`meal-${type}-calories`}>
                      {kcal(meal?.calories ?? 0)}
                    </span>
                    <Button size="sm" icon={<Plus size={16} />} onClick={() => setAdding(type)}>
                      {t('meals.addFood')}
                    </Button>
                  </div>
                </div>
                {!meal || meal.entries.length === 0 ? (
                  <p className="muted">{t('meals.nothingYet')}</p>
                ) : (
                  <ul className="list">
                    {meal.entries.map((entry) => (
                      <li key={entry.id} className="list-item" data-testid="meal-entry">
                        <div>
                          <p className="list-title">{entry.food_name}</p>
                          <p className="list-meta">
                            {entry.quantity !== null && `${quantity(entry.quantity)} · `}
                            {kcal(entry.calories)} ·{' '}
                            {t('meals.macroLine', {
                              protein: formatNumber(entry.protein, lang),
                              carbs: formatNumber(entry.carbs, lang),
                              fat: formatNumber(entry.fat, lang),
                            })}
                          </p>
                        </div>
                        {editing?.entryId === entry.id ? (
                          <form
                            className="row"
                            onSubmit={(event) => {
                              event.preventDefault();
                              void saveEdit(entry as MealEntry);
                            }}
                          >
                            <label className="visually-hidden" htmlFor={`edit-${entry.id}`}>
                              {entry.quantity === null ? t('meals.calories') : t('meals.quantity')}
                            </label>
                            <input
                              id={`edit-${entry.id}`}
                              className="input"
                              style={{ inlineSize: '6rem' }}
                              inputMode="decimal"
                              value={editing.value}
                              onChange={(e) => setEditing({ ...editing, value: e.target.value })}
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
                        ) : (
                          <div className="row" style={{ gap: 'var(--space-1)' }}>
                            <Button
                              size="sm"
                              variant="ghost"
                              icon={<Pencil size={16} />}
                              label={t('meals.editEntry', { name: entry.food_name })}
                              onClick={() =>
                                setEditing({
                                  mealId: meal.id,
                                  entryId: entry.id,
                                  value:
                                    entry.quantity === null
                                      ? String(entry.calories)
                                      : String(
                                          imperial
                                            ? Math.round((entry.quantity / GRAMS_PER_OUNCE) * 10) / 10
                                            : entry.quantity,
                                        ),
                                })
                              }
                            />
                            <Button
                              size="sm"
                              variant="ghost"
                              icon={<Trash2 size={16} />}
                              label={t('meals.removeEntry', { name: entry.food_name })}
                              onClick={() =>
                                act(
                                  () => store.removeEntry(meal.id, entry.id),
                                  t('meals.removed'),
                                  t('meals.failedToRemove'),
                                )
                              }
                            />
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      <AddFoodDialog meals={store} mealType={adding} onClose={() => setAdding(null)} />
    </>
  );
}
