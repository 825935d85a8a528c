import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SelectField, TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { SegmentedTabs } from '../../components/SegmentedTabs.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { parseDecimal } from '../../lib/units.ts';
import type { Meals } from './store.ts';
import type { EntryInput, Food, MealType } from './types.ts';

const SEARCH_DELAY_MS = 200;

/** Finds a food (in the reader's language) and logs a quantity of it, or quick-adds plain values. */
export function AddFoodDialog({
  meals,
  mealType,
  onClose,
}: {
  meals: Meals;
  mealType: MealType | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { settings, toasts } = useServices();
  const { units } = useSnapshot(settings.state);
  const results = useSnapshot(meals.state).foods.results as Food[];
  const [mode, setMode] = useState<'search' | 'quick'>('search');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Food | null>(null);
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState<'g' | 'oz' | 'serving'>('g');
  const [quick, setQuick] = useState({ name: '', calories: '', protein: '', carbs: '', fat: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setMode('search');
    setSearch('');
    setChosen(null);
    setQuantity('');
    setErrors({});
    setQuick({ name: '', calories: '', protein: '', carbs: '', fat: '' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a trigger, not an input
  useEffect(() => {
    if (mealType === null) return;
    const timer = setTimeout(() => {
      meals.searchFoods(search).catch((error) => console.error('Failed to search foods', error));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [meals, search, mealType, i18n.language]);

  function choose(food: Food) {
    setChosen(food);
    setErrors({});
    if (food.serving) {
      setUnit('serving');
      setQuantity('1');
    } else {
      setUnit(units === 'imperial' ? 'oz' : 'g');
      setQuantity(units === 'imperial' ? '3.5' : '100');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mealType) return;
    let input: EntryInput;
    if (mode === 'search') {
      if (!chosen) return;
      const amount = parseDecimal(quantity);
      if (!(amount > 0) || amount > 10000) {
        setErrors({ quantity: [t('meals.invalidQuantity')] });
        return;
      }
      input = { food_id: chosen.id, quantity: amount, unit };
    } else {
      const calories = parseDecimal(quick.calories);
      if (!quick.name.trim() || !(calories >= 0) || quick.calories.trim() === '') {
        setErrors({
          ...(!quick.name.trim() && { name: [t('meals.nameRequired')] }),
          ...(!(calories >= 0) || quick.calories.trim() === '' ? { calories: [t('meals.invalidCalories')] } : {}),
        });
        return;
      }
      const optional = (text: string) => (text.trim() === '' ? undefined : parseDecimal(text));
      input = {
        name: quick.name.trim(),
        calories,
        protein: optional(quick.protein),
        carbs: optional(quick.carbs),
        fat: optional(quick.fat),
      };
    }
    setBusy(true);
    try {
      await meals.addEntry(mealType, input);
      toasts.success(t('meals.added'), mode === 'search' ? chosen?.name : quick.name.trim());
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      else toasts.error(t('meals.failedToAdd'));
    } finally {
      setBusy(false);
    }
  }

  const unitOptions = [
    ...(chosen?.serving
      ? [
          {
            value: 'serving',
            label: t('meals.servingOf', {
              name: chosen.serving.name,
              grams: formatNumber(chosen.serving.grams, i18n.language),
            }),
          },
        ]
      : []),
    { value: 'g', label: t('meals.grams') },
    { value: 'oz', label: t('meals.ounces') },
  ];

  return (
    <FormDialog
      open={mealType !== null}
      onShow={reset}
      onClose={onClose}
      titleId="add-food-title"
      title={mealType ? t('meals.addTo', { meal: t(`meals.types.${mealType}`) }) : ''}
      wide
      noValidate
      onSubmit={submit}
      busy={busy}
      submitLabel={t('meals.add')}
      submitDisabled={mode === 'search' && !chosen}
    >
      <SegmentedTabs
        label={t('meals.how')}
        value={mode}
        options={[
          { value: 'search', label: t('meals.fromDatabase') },
          { value: 'quick', label: t('meals.quickAdd') },
        ]}
        onChange={setMode}
      />
      {mode === 'search' ? (
        <>
          <SearchField
            id="food-search"
            label={t('meals.searchFoods')}
            placeholder={t('meals.searchFoods')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoFocus
          />
          <ul className="list food-results" aria-label={t('meals.results')}>
            {results.map((food) => (
              <li key={food.id}>
                <button
                  type="button"
                  className="food-option"
                  aria-pressed={chosen?.id === food.id}
                  onClick={() => choose(food)}
                >
                  <span className="list-title">{food.name}</span>
                  <span className="list-meta">
                    {t('meals.per100g', { kcal: formatNumber(food.per_100g.kcal, i18n.language) })}
                  </span>
                </button>
              </li>
            ))}
            {results.length === 0 && <li className="muted">{t('meals.noFoods')}</li>}
          </ul>
          {chosen && (
            <div className="form-grid">
              <TextField
                label={t('meals.quantity')}
                inputMode="decimal"
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={errors.quantity?.[0]}
              />
              <SelectField
                label={t('meals.unit')}
                value={unit}
                onChange={(e) => setUnit(e.target.value as typeof unit)}
                options={unitOptions}
              />
            </div>
          )}
        </>
      ) : (
        <div className="form-grid">
          <TextField
            label={t('meals.name')}
            value={quick.name}
            onChange={(e) => setQuick({ ...quick, name: e.target.value })}
            error={errors.name?.[0]}
          />
          <TextField
            label={t('meals.calories')}
            inputMode="decimal"
            value={quick.calories}
            onChange={(e) => setQuick({ ...quick, calories: e.target.value })}
            error={errors.calories?.[0]}
          />
          <TextField
            label={t('meals.protein')}
            inputMode="decimal"
            value={quick.protein}
            onChange={(e) => setQuick({ ...quick, protein: e.target.value })}
          />
          <TextField
            label={t('meals.carbs')}
            inputMode="decimal"
            value={quick.carbs}
            onChange={(e) => setQuick({ ...quick, carbs: e.target.value })}
          />
          <TextField
            label={t('meals.fat')}
            inputMode="decimal"
            value={quick.fat}
            onChange={(e) => setQuick({ ...quick, fat: e.target.value })}
          />
        </div>
      )}
    </FormDialog>
  );
}
