import { shiftDay } from '@fitness/contracts/calendar.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDay, localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { Meals } from './store.ts';
import type { Meal } from './types.ts';

/**
 * Copies a meal to a day the user picks: today from another day, tomorrow from today (planning
 * ahead is why one copies today's meal anywhere).
 */
export function CopyMealDialog({ meals, meal, onClose }: { meals: Meals; meal: Meal | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const [date, setDate] = useState('');
  const form = useForm({ fallback: t('meals.failedToCopy'), fields: ['date'], telling: 'toast' });
  const name = meal ? t(`meals.types.${meal.type}`) : '';

  const submit = form.submit(
    async () => {
      if (!meal) return;
      await meals.copyMeal(meal.id, date);
      toasts.success(t('meals.mealCopied', { meal: name }), formatDay(date, i18n.language));
      onClose();
    },
    () => ({ ...(!/^\d{4}-\d{2}-\d{2}$/.test(date) && { date: [t('meals.pickDate')] }) }),
  );

  return (
    <FormDialog
      open={meal !== null}
      onShow={() => {
        const today = localToday();
        setDate(meal?.date === today ? shiftDay(today, 1) : today);
        form.reset();
      }}
      onClose={onClose}
      titleId="copy-meal-title"
      title={t('meals.copyMealTitle', { meal: name })}
      noValidate
      onSubmit={submit}
      busy={form.busy}
      submitLabel={t('meals.copy')}
    >
      <TextField
        label={t('meals.copyToDay')}
        type="date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={form.fieldError('date')}
        required
      />
    </FormDialog>
  );
}
