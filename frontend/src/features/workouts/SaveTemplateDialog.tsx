import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { services } from '../../app/services.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { useModalDialog } from '../../components/useModalDialog.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Workout } from './types.ts';

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
  const [name, setName] = useState(workout.name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const ref = useModalDialog(open, () => {
    setName(workout.name);
    setError('');
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await services.api.post(`/workouts/${workout.id}/template`, { name: name.trim() || workout.name });
      services.toasts.success(t('templates.saved'), name.trim() || workout.name);
      onClose();
      navigate('/templates');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422)
        setError(failure.fieldErrors.name?.[0] ?? failure.message);
      else services.toasts.error(t('templates.failedToSave'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="save-template-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="save-template-title">{t('templates.saveTitle')}</h2>
        <p className="muted">{t('templates.saveBody')}</p>
        <TextField
          label={t('templates.name')}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          error={error || undefined}
          autoFocus
        />
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t('templates.save')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
