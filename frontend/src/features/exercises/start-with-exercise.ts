import { useTranslation } from 'react-i18next';
import { useWorkoutStarter } from '../../components/WorkoutStarter.tsx';
import { localToday } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/**
 * Starts a workout of one library exercise, named after it, one workout at a time like every
 * start button (`useWorkoutStarter`): with one in progress, its `dialog` offers to resume it, or
 * to finish or discard it first. Render `dialog` beside the button.
 */
export function useStartWithExercise() {
  const { t } = useTranslation();
  const { workouts, toasts } = useServices();
  const starter = useWorkoutStarter();
  const start = (exercise: { id: string; name: string }) =>
    starter
      .start(async () => {
        const workout = await workouts.start({ name: exercise.name, date: localToday() });
        await workouts.addExercise(workout.id, exercise.name, exercise.id);
        return workout;
      })
      .catch(() => toasts.error(t('workouts.failedToStart')));
  return { start, dialog: starter.dialog };
}
