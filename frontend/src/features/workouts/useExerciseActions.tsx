import type { WorkoutExercise } from '@fitness/contracts';
import { ArrowDown, ArrowUp, Link2, Trash2, Unlink2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MenuAction } from '../../components/ActionMenu.tsx';
import { toldTheUser } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';
import { joinWithNext } from './supersets.ts';

/**
 * The menu of each exercise in the logger: move it up or down, join it to the next one in a
 * superset or leave one, remove it (asked through `onRemove`, which confirms first).
 */
export function useExerciseActions(id: string, onRemove: (exercise: WorkoutExercise) => void) {
  const { t } = useTranslation();
  const services = useServices();
  const { workouts } = services;

  /** Moves an exercise up or down by one place. */
  async function move(exercise: WorkoutExercise, position: number) {
    try {
      await workouts.moveExercise(id, exercise.id, position);
    } catch (error) {
      if (!toldTheUser(error)) services.toasts.error(t('logger.moveFailed'));
    }
  }

  /** Puts exercises in a superset (or one out of it with null), one request each. */
  async function group(changes: [WorkoutExercise, string | null][]) {
    try {
      for (const [exercise, superset] of changes) await workouts.updateExercise(id, exercise.id, { superset });
    } catch (error) {
      if (!toldTheUser(error)) services.toasts.error(t('logger.supersetFailed'));
    }
  }

  /** The actions of `exercise`, at `index` among the workout's `exercises`, grouped by their superset `letters`. */
  return function exerciseActions(
    exercises: readonly WorkoutExercise[],
    letters: Map<string, string>,
    exercise: WorkoutExercise,
    index: number,
  ): MenuAction[] {
    const next = exercises[index + 1] as WorkoutExercise | undefined;
    const actions: MenuAction[] = [];
    if (index > 0) {
      actions.push({
        label: t('logger.moveUp'),
        icon: <ArrowUp size={16} aria-hidden />,
        onSelect: () => move(exercise, index - 1),
      });
    }
    if (next) {
      actions.push({
        label: t('logger.moveDown'),
        icon: <ArrowDown size={16} aria-hidden />,
        onSelect: () => move(exercise, index + 1),
      });
      if (!letters.has(exercise.id) || letters.get(next.id) !== letters.get(exercise.id)) {
        actions.push({
          label: t('logger.supersetWithNext'),
          icon: <Link2 size={16} aria-hidden />,
          onSelect: () => {
            const joined = joinWithNext(exercise, next, () => crypto.randomUUID().slice(0, 8));
            void group([
              ...(joined.exercise ? [[exercise, joined.exercise] as [WorkoutExercise, string]] : []),
              ...(joined.next ? [[next, joined.next] as [WorkoutExercise, string]] : []),
            ]);
          },
        });
      }
    }
    if (letters.has(exercise.id)) {
      actions.push({
        label: t('logger.leaveSuperset'),
        icon: <Unlink2 size={16} aria-hidden />,
        onSelect: () => void group([[exercise, null]]),
      });
    }
    actions.push({
      label: t('workout.removeExercise'),
      icon: <Trash2 size={16} aria-hidden />,
      danger: true,
      onSelect: () => onRemove(exercise),
    });
    return actions;
  };
}
