import { TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FavoriteButton } from './FavoriteButton.tsx';
import type { Exercise } from './types.ts';

/** One exercise in the library grid: opens its details or its progress page; the star toggles a favorite. */
export function ExerciseCard({
  exercise,
  onOpen,
  onFavorite,
}: {
  exercise: Exercise;
  onOpen: () => void;
  onFavorite: () => void;
}) {
  const { t } = useTranslation();
  return (
    <article className="card card-tight exercise-card" data-testid="exercise-card">
      <div className="spread" style={{ flexWrap: 'nowrap', alignItems: 'flex-start' }}>
        <button
          type="button"
          className="exercise-open"
          onClick={onOpen}
          aria-label={t('exercises.details', { name: exercise.name })}
        >
          <h3>{exercise.name}</h3>
        </button>
        <div className="row" style={{ gap: 0, flexWrap: 'nowrap', flex: 'none' }}>
          <Link
            href={`/exercises/${exercise.id}`}
            className="btn btn-ghost btn-sm btn-icon"
            aria-label={t('exerciseProgress.open', { name: exercise.name })}
            title={t('exerciseProgress.open', { name: exercise.name })}
            data-testid="exercise-progress-link"
          >
            <TrendingUp size={18} aria-hidden />
          </Link>
          <FavoriteButton favorite={exercise.is_favorite} onToggle={onFavorite} />
        </div>
      </div>
      <ExerciseBadges exercise={exercise} />
    </article>
  );
}

/** What an exercise is, as a row of badges: its category, muscle and equipment, and whether it is the user's own. */
export function ExerciseBadges({
  exercise,
}: {
  exercise: Pick<Exercise, 'category' | 'primary_muscle' | 'equipment' | 'is_custom'>;
}) {
  const { t } = useTranslation();
  return (
    <div className="row" style={{ gap: 'var(--space-1)' }}>
      <span className="badge badge-progress">{t(`enums.category.${exercise.category}`)}</span>
      <span className="badge">{t(`enums.muscle.${exercise.primary_muscle}`)}</span>
      <span className="badge">{t(`enums.equipment.${exercise.equipment}`)}</span>
      {exercise.is_custom && <span className="badge badge-done">{t('exercises.custom')}</span>}
    </div>
  );
}
