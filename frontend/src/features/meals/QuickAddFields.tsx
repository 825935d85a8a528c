import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/Field.tsx';
import { parseDecimal } from '../../lib/units.ts';
import type { EntryInput } from './types.ts';

export type QuickValues = { name: string; calories: string; protein: string; carbs: string; fat: string };
export const NO_QUICK_VALUES: QuickValues = { name: '', calories: '', protein: '', carbs: '', fat: '' };

/** The quick-add entry typed, or the messages of what is missing or wrong in it. */
export function quickEntry(
  values: QuickValues,
  t: (key: string) => string,
): { entry: EntryInput } | { errors: Record<string, string[]> } {
  const name = values.name.trim();
  const calories = parseDecimal(values.calories);
  const caloriesValid = values.calories.trim() !== '' && calories >= 0;
  if (!name || !caloriesValid) {
    return {
      errors: {
        ...(!name && { name: [t('meals.nameRequired')] }),
        ...(!caloriesValid && { calories: [t('meals.invalidCalories')] }),
      },
    };
  }
  const optional = (text: string) => (text.trim() === '' ? undefined : parseDecimal(text));
  return {
    entry: {
      name,
      calories,
      protein: optional(values.protein),
      carbs: optional(values.carbs),
      fat: optional(values.fat),
    },
  };
}

/** A name and plain calories (and macros, if known) for what no database holds. */
export function QuickAddFields({
  values,
  errors,
  onChange,
}: {
  values: QuickValues;
  errors: Record<string, string[]>;
  onChange: (values: QuickValues) => void;
}) {
  const { t } = useTranslation();
  const field = (key: keyof QuickValues, label: string, decimal = true) => (
    <TextField
      label={label}
      inputMode={decimal ? 'decimal' : undefined}
      value={values[key]}
      onChange={(event) => onChange({ ...values, [key]: event.target.value })}
      error={errors[key]?.[0]}
    />
  );
  return (
    <div className="form-grid">
      {field('name', t('meals.name'), false)}
      {field('calories', t('meals.calories'))}
      {field('protein', t('meals.protein'))}
      {field('carbs', t('meals.carbs'))}
      {field('fat', t('meals.fat'))}
    </div>
  );
}
