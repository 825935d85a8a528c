import type { Workout } from '@fitness/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { formatNames } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { summaryPath } from './summary-path.ts';

/**
 * Asks before ending a workout, and, where exercises have no set logged, whether to drop them
 * (yes unless unticked): one question, in the confirmation. Ended, the workout's summary opens.
 */
export function EndWorkoutDialog({ workoutId, onClose }: { workoutId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { workouts, toasts } = useServices();
  const names = useLibraryNames();
  const snapshot = useSnapshot(workouts.state);
  const [drop, setDrop] = useState(true);
  const [busy, setBusy] = useState(false);
  const workout = workoutId ? (snapshot.byId[workoutId] as Workout | undefined) : undefined;
  const empty = workout?.exercises.filter((exercise) => exercise.sets.length === 0) ?? [];

  // Its exercises tell which are empty: the list holds only counts.
  useEffect(() => (workoutId ? workouts.showWorkout(workoutId) : undefined), [workouts, workoutId]);

  async function end() {
    if (!workoutId) return;
    setBusy(true);
    try {
      // Ended first: a failure leaves every exercise in place.
      await workouts.end(workoutId);
      if (drop) for (const exercise of empty) await workouts.removeExercise(workoutId, exercise.id);
      onClose();
      navigate(summaryPath(workoutId));
    } catch {
      toasts.error(t('workouts.failedToEnd'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={workoutId !== null}
      onShow={() => setDrop(true)}
      onClose={onClose}
      labelledBy="end-title"
      describedBy="end-body"
      holdWhile={busy}
    >
      <div className="stack">
        <h2 id="end-title">{t('workouts.endConfirmTitle')}</h2>
        <p id="end-body" className="muted">
          {t('workouts.endConfirmBody')}
        </p>
        {empty.length > 0 && (
          <label className="checkbox">
            <input type="checkbox" checked={drop} onChange={(event) => setDrop(event.target.checked)} />
            {t('finish.dropEmpty', {
              count: empty.length,
              names: formatNames(
                empty.map((exercise) => names.exercise(exercise.exercise_id, exercise.name)),
                i18n.language,
              ),
            })}
          </label>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" onClick={end} busy={busy} disabled={workoutId !== null && !workout}>
            {t('confirm.endWorkout')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
