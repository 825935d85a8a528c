import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../lib/form.ts';
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
  const { workouts } = useServices();
  const starter = useWorkoutStarter();
  const [name, setName] = useState('');
  const [date, setDate] = useState(localToday());
  const form = useForm({ fallback: t('workouts.failedToStart'), telling: 'toast' });

  const reset = () => {
    setName('');
    setDate(localToday());
    form.reset();
  };

  const submit = form.submit(async () => {
    const input = { name: name.trim() || t('workouts.defaultName'), date };
    await starter.start(() => workouts.start(input));
    onClose();
  });

  return (
    <>
      <FormDialog
        open={open}
        onShow={reset}
        onClose={onClose}
        titleId="start-title"
        title={t('workouts.startNew')}
        onSubmit={submit}
        busy={form.busy}
        submitLabel={form.busy ? t('workouts.starting') : t('workouts.start')}
      >
        <TextField
          label={t('workouts.name')}
          placeholder={t('workouts.namePlaceholder')}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          error={form.fieldError('name')}
          autoFocus
        />
        <TextField
          label={t('workouts.date')}
          type="date"
          value={date}
          required
          onChange={(event) => setDate(event.target.value)}
          error={form.fieldError('date')}
        />
      </FormDialog>
      {starter.dialog}
    </>
  );
}
