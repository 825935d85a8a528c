import { Dumbbell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '../../components/Feedback.tsx';

/** A workout that is not there (deleted, or someone else's), with the way back to the list. */
export function WorkoutNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={<Dumbbell size={32} aria-hidden />} title={t('workout.notFoundTitle')}>
      <p role="alert">{t('workout.notFound')}</p>
      <Link href="/workouts" className="btn btn-primary">
        {t('workout.backToWorkouts')}
      </Link>
    </EmptyState>
  );
}
