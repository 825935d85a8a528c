import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useForm } from '../../lib/form.ts';
import { formatNames } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import type { Meals } from './store.ts';
import type { Meal } from './types.ts';

/** The longest name the API keeps. */
const MAX_NAME = 120;

/**
 * Keeps a meal as a saved meal, to log again in one tap from the add dialog. It is named after
 * its foods unless the user names it: "Breakfast" would not tell two saved breakfasts apart.
 */
export function SaveMealDialog({ meals, meal, onClose }: { meals: Meals; meal: Meal | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { toasts } = useServices();
  const [name, setName] = useState('');
  const form = useForm({ fallback: t('meals.failedToSave'), fields: ['name'], telling: 'toast' });

  const submit = form.submit(
    async () => {
      if (!meal) return;
      const saved = await meals.saveMeal(meal.id, name.trim());
      toasts.success(t('meals.mealSaved'), saved.name);
      onClose();
    },
    () => ({ ...(!name.trim() && { name: [t('meals.nameRequired')] }) }),
  );

  return (
    <FormDialog
      open={meal !== null}
      onShow={() => {
        const foods = formatNames(meal?.entries.map((entry) => entry.food_name) ?? [], i18n.language);
        setName(foods.length > MAX_NAME ? `${foods.slice(0, MAX_NAME - 1)}…` : foods);
        form.reset();
      }}
      onClose={onClose}
      titleId="save-meal-title"
      title={t('meals.saveAsMeal')}
      noValidate
      onSubmit={submit}
      busy={form.busy}
      submitLabel={t('common.save')}
    >
      <TextField
        label={t('meals.savedMealName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={form.fieldError('name')}
        maxLength={MAX_NAME}
        hint={t('meals.savedMealHint')}
      />
    </FormDialog>
  );
}
