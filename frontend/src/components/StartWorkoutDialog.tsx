import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { localToday } from '../lib/format.ts';
import { useServices } from '../lib/services.ts';
import { TextField } from './Field.tsx';
import { FormDialog } from './FormDialog.tsx';
import { useWorkoutStarter } from './WorkoutStarter.tsx';

/**
 * Names and dates a new workout, starts it, and opens it (the Dashboard's and the Workouts
 * page's). With one in progress, it closes and asks what to do with that one first.
 */
export function StartWorkoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { workouts, toasts } = useServices();
  const starter = useWorkoutStarter();
  const [name, setName] = useState('');
  const [date, setDate] = useState(localToday());
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const reset = () => {
    setName('');
    setDate(localToday());
    setErrors({});
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const input = { name: name.trim() || t('workouts.defaultName'), date };
      await starter.start(() => workouts.start(input));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      else if (error instanceof ApiError && error.status !== null && error.status < 500)
        toasts.error(t('workouts.failedToStart'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <FormDialog
        open={open}
        onShow={reset}
        onClose={onClose}
        titleId="start-title"
        title={t('workouts.startNew')}
        onSubmit={submit}
        busy={busy}
        submitLabel={busy ? t('workouts.starting') : t('workouts.start')}
      >
        <TextField
          label={t('workouts.name')}
          placeholder={t('workouts.namePlaceholder')}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          error={errors.name?.[0]}
          autoFocus
        />
        <TextField
          label={t('workouts.date')}
          type="date"
          value={date}
          required
          onChange={(event) => setDate(event.target.value)}
          error={errors.date?.[0]}
        />
      </FormDialog>
      {starter.dialog}
    </>
  );
}
