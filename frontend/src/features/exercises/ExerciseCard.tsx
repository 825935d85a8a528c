import { useTranslation } from 'react-i18next';
import { FavoriteButton } from './FavoriteButton.tsx';
import type { Exercise } from './types.ts';

/** One exercise in the library grid: opens its details; the star toggles a favorite. */
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
        <FavoriteButton favorite={exercise.is_favorite} onToggle={onFavorite} />
      </div>
      <div className="row" style={{ gap: 'var(--space-1)' }}>
        <span className="badge badge-progress">{t(`enums.category.${exercise.category}`)}</span>
        <span className="badge">{t(`enums.muscle.${exercise.primary_muscle}`)}</span>
        <span className="badge">{t(`enums.equipment.${exercise.equipment}`)}</span>
        {exercise.is_custom && <span className="badge badge-done">{t('exercises.custom')}</span>}
      </div>
    </article>
  );
}
