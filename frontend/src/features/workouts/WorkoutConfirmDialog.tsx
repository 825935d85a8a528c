import type { WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toldTheUser } from '../../lib/api-client.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { summaryPath } from './summary-path.ts';

/** What the logger asks to confirm before doing it: ending or deleting the workout, removing an exercise or a set. */
export type Pending =
  | { kind: 'end' }
  | { kind: 'delete' }
  | { kind: 'exercise'; exercise: WorkoutExercise }
  | { kind: 'set'; exercise: WorkoutExercise; set: WorkoutSet; number: number };

/** Asks to confirm what is pending on the workout `id` (titled `title`), and does it once confirmed. */
export function WorkoutConfirmDialog({
  id,
  title,
  pending,
  onClose,
}: {
  id: string;
  title: string;
  pending: Pending | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const services = useServices();
  const { workouts } = services;
  const names = useLibraryNames();

  async function confirm(action: Pending) {
    const { toasts } = services;
    try {
      switch (action.kind) {
        case 'end':
          await workouts.end(id);
          // Offline the end waits on this device: say so rather than "saved".
          toasts.success(
            t('workouts.completed'),
            t(services.offline.state.online ? 'workouts.completedMessage' : 'workouts.completedOffline', {
              name: title,
            }),
          );
          navigate(summaryPath(id));
          break;
        case 'delete':
          await workouts.remove(id);
          toasts.success(t('workout.deleted'));
          navigate('/workouts');
          break;
        case 'exercise':
          await workouts.removeExercise(id, action.exercise.id);
          toasts.success(
            t('workout.exerciseRemoved'),
            names.exercise(action.exercise.exercise_id, action.exercise.name),
          );
          break;
        case 'set':
          await workouts.removeSet(id, action.exercise.id, action.set.id);
          toasts.success(t('workout.setRemoved'));
          break;
      }
    } catch (error) {
      if (toldTheUser(error)) return;
      const messages = {
        end: 'workouts.failedToEnd',
        delete: 'workout.failedToDelete',
        exercise: 'workout.failedToRemove',
        set: 'workout.failedToRemove',
      };
      toasts.error(t(messages[action.kind]));
    }
  }

  const dialog = (() => {
    if (!pending) return { title: '', body: '', label: '' };
    switch (pending.kind) {
      case 'end':
        return {
          title: t('workouts.endConfirmTitle'),
          body: t('workouts.endConfirmBody'),
          label: t('confirm.endWorkout'),
        };
      case 'delete':
        return {
          title: t('workout.deleteTitle'),
          body: t('workout.deleteBody', { name: title }),
          label: t('confirm.delete'),
        };
      case 'exercise':
        return {
          title: t('workout.removeExerciseTitle', {
            name: names.exercise(pending.exercise.exercise_id, pending.exercise.name),
          }),
          body: t('workout.removeExerciseBody'),
          label: t('confirm.remove'),
        };
      case 'set':
        return {
          title: t('workout.removeSetTitle'),
          body: t('workout.removeSetBody', {
            number: pending.number,
            exercise: names.exercise(pending.exercise.exercise_id, pending.exercise.name),
          }),
          label: t('confirm.remove'),
        };
    }
  })();

  return (
    <ConfirmDialog
      open={pending !== null}
      title={dialog.title}
      body={dialog.body}
      confirmLabel={dialog.label}
      danger={pending?.kind !== 'end'}
      onConfirm={() => (pending ? confirm(pending) : undefined)}
      onClose={onClose}
    />
  );
}
