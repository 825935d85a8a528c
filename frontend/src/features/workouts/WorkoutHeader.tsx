import type { Workout } from '@fitness/contracts';
import { BookmarkPlus, NotebookPen, Square, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ActionMenu } from '../../components/ActionMenu.tsx';
import { Button } from '../../components/Button.tsx';
import { formatDay, formatMinutes, formatTime, formatWeight } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';

/**
 * The logger's head: the workout's name and status, when it started and how long it took, the
 * sets and volume so far, and what can be done to the whole workout (end it; note, save as a
 * template or delete it from its menu).
 */
export function WorkoutHeader({
  workout,
  title,
  onEnd,
  onNote,
  onSaveAsTemplate,
  onDelete,
}: {
  workout: Workout;
  title: string;
  onEnd(): void;
  onNote(): void;
  onSaveAsTemplate(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation();
  const { units } = useSnapshot(useServices().settings.state);
  const open = workout.status === 'in_progress';
  const allSets = workout.exercises.flatMap((exercise) => exercise.sets);
  const volume = allSets.reduce((sum, set) => sum + (set.weight ?? 0) * set.reps, 0);

  const workoutActions = [
    {
      label: workout.notes ? t('logger.editWorkoutNote') : t('logger.addWorkoutNote'),
      icon: <NotebookPen size={16} aria-hidden />,
      onSelect: onNote,
    },
    ...(workout.exercises.length > 0
      ? [
          {
            label: t('workout.saveAsTemplate'),
            icon: <BookmarkPlus size={16} aria-hidden />,
            onSelect: onSaveAsTemplate,
          },
        ]
      : []),
    {
      label: t('workout.deleteWorkout'),
      icon: <Trash2 size={16} aria-hidden />,
      danger: true,
      onSelect: onDelete,
    },
  ];

  return (
    <header className="logger-header">
      <div className="title-column">
        <div className="row">
          <h1>{title}</h1>
          <span className={`badge ${open ? 'badge-progress' : 'badge-done'}`} data-testid="workout-status">
            {open ? t('workouts.statusInProgress') : t('workouts.statusCompleted')}
          </span>
        </div>
        <p className="muted">
          {formatDay(workout.date, i18n.language)} ·{' '}
          {t('workout.started', { time: formatTime(workout.started_at, i18n.language) })}
          {workout.duration !== null &&
            ` · ${t('workout.duration')}: ${formatMinutes(workout.duration, i18n.language)}`}
        </p>
        <p className="muted" data-testid="workout-volume" aria-live="polite">
          {t('workout.volume', {
            sets: t('workouts.setsCount', { count: allSets.length }),
            volume: formatWeight(volume, units, i18n.language),
          })}
        </p>
      </div>
      <div className="logger-actions">
        {open && (
          <Button variant="primary" icon={<Square size={16} />} onClick={onEnd}>
            {t('workouts.end')}
          </Button>
        )}
        <ActionMenu label={t('logger.moreForWorkout')} actions={workoutActions} />
      </div>
    </header>
  );
}
