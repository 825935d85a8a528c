import { shiftDay } from '@fitness/contracts/calendar.ts';
import { mealsTotal } from '@fitness/contracts/meals/meals-total.ts';
import { calorieBalance } from '@fitness/contracts/metrics/daily.ts';
import { ChevronLeft, ChevronRight, Copy, Info } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { formatDay, formatNumber, localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { AddFoodDialog } from './AddFoodDialog.tsx';
import { CopyMealDialog } from './CopyMealDialog.tsx';
import { type MealActions, MealCard } from './MealCard.tsx';
import { SaveMealDialog } from './SaveMealDialog.tsx';
import type { Meals } from './store.ts';
import { MEAL_TYPES, type Meal, type MealType } from './types.ts';
import { WaterCard } from './WaterCard.tsx';
import './meals.css';

// recharts is large: it loads with the chart, not with the app.
const MacroChart = lazy(() => import('./MacroChart.tsx').then((module) => ({ default: module.MacroChart })));

/** Meals of a day by type with totals, the macro chart against targets, and water. */
export function MealsPage({ meals: store }: { meals: Meals }) {
  const { t, i18n } = useTranslation();
  const { settings, toasts } = useServices();
  const day = useSnapshot(store.state);
  const { units } = useSnapshot(settings.state);
  const [adding, setAdding] = useState<MealType | null>(null);
  const [copying, setCopying] = useState<Meal | null>(null);
  const [saving, setSaving] = useState<Meal | null>(null);
  const [copyingDay, setCopyingDay] = useState(false);
  const lang = i18n.language;

  // The language is a trigger: it names the foods.
  useStoreWhileMounted(store, lang);

  const meals = day.meals as Meal[];
  const totals = mealsTotal(meals);
  const targets = day.targets;
  // The dashboard's rule; this page does not have the day's training, so only the target counts.
  const balance = targets && calorieBalance({ consumed: totals.kcal, burned: 0, target: targets.kcal });
  const today = localToday();
  const isToday = day.date === today;
  const kcal = (value: number) => t('units.kcal', { value: formatNumber(value, lang, 0) });
  const mealName = (type: MealType) => t(`meals.types.${type}`);

  /** What the action answered, or null when it failed (and the user was told). */
  async function attempt<T>(action: () => Promise<T>, failure: string): Promise<{ answer: T } | null> {
    try {
      return { answer: await action() };
    } catch {
      toasts.error(failure);
      return null;
    }
  }

  const actions: MealActions = {
    add: setAdding,
    async copyFromDayBefore(type) {
      const copied = await attempt(() => store.copyMealFrom(type, shiftDay(day.date, -1)), t('meals.failedToCopy'));
      if (copied?.answer === true) toasts.success(t('meals.mealCopied', { meal: mealName(type) }));
      else if (copied?.answer === false) toasts.info(t('meals.nothingToCopy', { meal: mealName(type) }));
    },
    async copyToToday(meal) {
      const done = await attempt(() => store.copyMeal(meal.id, today), t('meals.failedToCopy'));
      if (done) toasts.success(t('meals.mealCopied', { meal: mealName(meal.type) }), t('meals.today'));
    },
    copyToDate: setCopying,
    save: setSaving,
  };

  async function copyDayToToday() {
    setCopyingDay(true);
    const done = await attempt(() => store.copyDay(day.date, today), t('meals.failedToCopy'));
    setCopyingDay(false);
    if (done) toasts.success(t('meals.dayCopied'), t('meals.today'));
  }

  const dateLabel = isToday ? t('meals.today') : formatDay(day.date, lang);
  const dayHasEntries = meals.some((meal) => meal.entries.length > 0);

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
            <Button onClick={() => store.goTo(today)} disabled={isToday}>
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
          {!isToday && dayHasEntries && (
            <Button className="copy-day" icon={<Copy size={16} />} busy={copyingDay} onClick={copyDayToToday}>
              {t('meals.copyDayToToday')}
            </Button>
          )}
          <div className="nutrition-grid meals-summary">
            <section className="card stack-sm" aria-labelledby="day-totals">
              <h2 id="day-totals">{t('meals.totals')}</h2>
              <p className="stat-value" data-testid="day-calories">
                {kcal(totals.kcal)}
              </p>
              <p className="muted">
                {t('meals.ofTarget', { target: kcal(targets.kcal) })} ·{' '}
                {balance && t(balance.over ? 'meals.over' : 'meals.remaining', { value: kcal(balance.kcal) })}
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
            <WaterCard
              meals={store}
              water={day.water as typeof store.state.water}
              target={day.water?.target_ml ?? targets.water_ml}
              units={units}
            />
          </div>
          {MEAL_TYPES.map((type) => (
            <MealCard
              key={type}
              meals={store}
              type={type}
              meal={meals.find((meal) => meal.type === type)}
              isToday={isToday}
              units={units}
              actions={actions}
            />
          ))}
        </div>
      )}
      <AddFoodDialog meals={store} mealType={adding} onClose={() => setAdding(null)} />
      <CopyMealDialog meals={store} meal={copying} onClose={() => setCopying(null)} />
      <SaveMealDialog meals={store} meal={saving} onClose={() => setSaving(null)} />
    </>
  );
}
