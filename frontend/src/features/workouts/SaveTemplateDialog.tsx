import type { Workout } from '@fitness/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';

/** Saves the workout's exercises and sets as a personal template, then shows the templates. */
export function SaveTemplateDialog({
  workout,
  open,
  onClose,
}: {
  workout: Workout;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { workouts, toasts } = useServices();
  const [name, setName] = useState(workout.name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setName(workout.name);
    setError('');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await workouts.saveAsTemplate(workout.id, name.trim() || workout.name);
      toasts.success(t('templates.saved'), name.trim() || workout.name);
      onClose();
      navigate('/templates');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422)
        setError(failure.fieldErrors.name?.[0] ?? failure.message);
      else toasts.error(t('templates.failedToSave'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onShow={reset}
      onClose={onClose}
      titleId="save-template-title"
      title={t('templates.saveTitle')}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('templates.save')}
    >
      <p className="muted">{t('templates.saveBody')}</p>
      <TextField
        label={t('templates.name')}
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={error || undefined}
        autoFocus
      />
    </FormDialog>
  );
}
