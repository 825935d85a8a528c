import { BookOpen, Dumbbell, Play, Utensils } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { services } from '../../app/services.ts';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { formatNumber, localToday } from '../../lib/format.ts';
import { StartWorkoutDialog } from '../workouts/StartWorkoutDialog.tsx';
import { setCount, useWorkoutList } from '../workouts/useWorkoutList.ts';

/**
 * Today at a glance and the quick actions. Every number here comes from the user's own workouts;
 * what later features will add (calories, water, steps) is named, not faked.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(services.auth.state);
  const { workouts, current } = useWorkoutList();
  const [starting, setStarting] = useState(false);
  const today = workouts.filter((workout) => workout.date === localToday());
  const completedToday = today.filter((workout) => workout.status === 'completed');
  const minutes = completedToday.reduce((sum, workout) => sum + (workout.duration ?? 0), 0);
  const sets = today.reduce((sum, workout) => sum + setCount(workout), 0);

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.profile?.name || user?.name || '' })}
        subtitle={t('dashboard.subtitle')}
      />
      <div className="stack">
        {current && (
          <section className="card spread" aria-label={t('dashboard.inProgress')}>
            <div>
              <p className="muted">{t('dashboard.inProgress')}</p>
              <p className="list-title">{current.name}</p>
            </div>
            <Link href={`/workouts/${current.id}`} className="btn btn-primary">
              <Play size={18} aria-hidden />
              {t('dashboard.continue')}
            </Link>
          </section>
        )}
        <section aria-labelledby="today-title" className="stack-sm">
          <h2 id="today-title">{t('dashboard.today')}</h2>
          <div className="grid grid-stats">
            <div className="card stat">
              <span className="stat-value">{formatNumber(completedToday.length, i18n.language)}</span>
              <span className="stat-label">{t('dashboard.workoutsToday')}</span>
            </div>
            <div className="card stat">
              <span className="stat-value">{formatNumber(minutes, i18n.language)}</span>
              <span className="stat-label">{t('dashboard.minutesToday')}</span>
            </div>
            <div className="card stat">
              <span className="stat-value">{formatNumber(sets, i18n.language)}</span>
              <span className="stat-label">{t('dashboard.setsToday')}</span>
            </div>
          </div>
          <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
            {t('dashboard.moreComing')}
          </p>
        </section>
        <section aria-labelledby="actions-title" className="stack-sm">
          <h2 id="actions-title">{t('dashboard.quickActions')}</h2>
          <div className="grid">
            <Button variant="primary" icon={<Dumbbell size={20} />} onClick={() => setStarting(true)}>
              {t('dashboard.startWorkout')}
            </Button>
            <Link href="/meals" className="btn btn-secondary">
              <Utensils size={20} aria-hidden />
              {t('dashboard.logMeal')}
            </Link>
            <Link href="/exercises" className="btn btn-secondary">
              <BookOpen size={20} aria-hidden />
              {t('dashboard.browseExercises')}
            </Link>
          </div>
        </section>
      </div>
      <StartWorkoutDialog open={starting} onClose={() => setStarting(false)} />
    </>
  );
}
