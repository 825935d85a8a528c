import type { Workout } from '@fitness/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useForm } from '../../lib/form.ts';
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
  const { workouts, toasts, offline } = useServices();
  const [name, setName] = useState(workout.name);
  const form = useForm({ fallback: t('templates.failedToSave'), fields: ['name'], telling: 'toast' });

  const reset = () => {
    setName(workout.name);
    form.reset();
  };

  // Its name's refusal is told under it; any other failure as a toast.
  const submit = form.submit(async () => {
    await workouts.saveAsTemplate(workout.id, name.trim() || workout.name);
    // Offline it waits on this device, and the templates screen shows it once it is sent.
    if (offline.state.online) toasts.success(t('templates.saved'), name.trim() || workout.name);
    else toasts.success(t('templates.keptOffline'), t('templates.keptOfflineMessage'));
    onClose();
    navigate('/templates');
  });

  return (
    <FormDialog
      open={open}
      onShow={reset}
      onClose={onClose}
      titleId="save-template-title"
      title={t('templates.saveTitle')}
      onSubmit={submit}
      busy={form.busy}
      submitLabel={t('templates.save')}
    >
      <p className="muted">{t('templates.saveBody')}</p>
      <TextField
        label={t('templates.name')}
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={form.fieldError('name')}
        autoFocus
      />
    </FormDialog>
  );
}
