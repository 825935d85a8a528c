import { Pencil, Play, Trash2, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { ModalDialog } from '../../components/ModalDialog.tsx';
import { FavoriteButton } from './FavoriteButton.tsx';
import type { Exercise } from './types.ts';

type Props = {
  exercise: Exercise | null;
  onClose: () => void;
  onFavorite: (exercise: Exercise) => void;
  onStart: (exercise: Exercise) => void;
  onEdit: (exercise: Exercise) => void;
  onDelete: (exercise: Exercise) => void;
};

/** An exercise's details: what it trains, how to do it, tips; start a workout with it. */
export function ExerciseDetailsDialog({ exercise, onClose, onFavorite, onStart, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={exercise !== null} onClose={onClose} labelledBy="exercise-title" wide>
      {exercise && (
        <div className="stack">
          <div className="spread" style={{ alignItems: 'flex-start' }}>
            <h2 id="exercise-title">{exercise.name}</h2>
            <FavoriteButton favorite={exercise.is_favorite} onToggle={() => onFavorite(exercise)} />
          </div>
          <dl className="facts">
            {(
              [
                ['category', `enums.category.${exercise.category}`],
                ['muscle', `enums.muscle.${exercise.primary_muscle}`],
                ['equipment', `enums.equipment.${exercise.equipment}`],
                ['difficulty', `enums.difficulty.${exercise.difficulty}`],
                ['unit', `enums.unit.${exercise.unit}`],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{t(`exercises.${label}`)}</dt>
                <dd>{t(value)}</dd>
              </div>
            ))}
          </dl>
          <section className="stack-sm" aria-labelledby="steps-title">
            <h3 id="steps-title">{t('exercises.steps')}</h3>
            {exercise.instructions.length === 0 ? (
              <p className="muted">{t('exercises.noInstructions')}</p>
            ) : (
              <ol className="steps">
                {exercise.instructions.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
          </section>
          {exercise.tips.length > 0 && (
            <section className="notice" aria-label={t('exercises.tips')}>
              <ul className="list" style={{ display: 'grid', gap: 'var(--space-1)' }}>
                {exercise.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </section>
          )}
          <div className="dialog-actions" style={{ justifyContent: 'space-between' }}>
            <div className="row" style={{ gap: 'var(--space-2)' }}>
              {exercise.is_custom && (
                <>
                  <Button icon={<Pencil size={16} />} onClick={() => onEdit(exercise)}>
                    {t('exercises.edit')}
                  </Button>
                  <Button variant="ghost" icon={<Trash2 size={16} />} onClick={() => onDelete(exercise)}>
                    {t('exercises.delete')}
                  </Button>
                </>
              )}
            </div>
            <div className="row" style={{ gap: 'var(--space-2)' }}>
              <Button onClick={onClose}>{t('common.close')}</Button>
              <Link href={`/exercises/${exercise.id}`} className="btn btn-secondary">
                <TrendingUp size={16} aria-hidden />
                {t('exerciseProgress.progress')}
              </Link>
              <Button variant="primary" icon={<Play size={16} />} onClick={() => onStart(exercise)}>
                {t('exercises.startWorkout')}
              </Button>
            </div>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
