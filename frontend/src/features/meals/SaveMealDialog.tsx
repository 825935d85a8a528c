import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
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
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!meal) return;
    if (!name.trim()) {
      setError(t('meals.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      const saved = await meals.saveMeal(meal.id, name.trim());
      toasts.success(t('meals.mealSaved'), saved.name);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setError(Object.values(failure.fieldErrors).flat()[0] ?? failure.message);
      } else toasts.error(t('meals.failedToSave'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={meal !== null}
      onShow={() => {
        const foods = formatNames(meal?.entries.map((entry) => entry.food_name) ?? [], i18n.language);
        setName(foods.length > MAX_NAME ? `${foods.slice(0, MAX_NAME - 1)}…` : foods);
        setError(undefined);
      }}
      onClose={onClose}
      titleId="save-meal-title"
      title={t('meals.saveAsMeal')}
      noValidate
      onSubmit={submit}
      busy={busy}
      submitLabel={t('common.save')}
    >
      <TextField
        label={t('meals.savedMealName')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
        maxLength={MAX_NAME}
        hint={t('meals.savedMealHint')}
      />
    </FormDialog>
  );
}
