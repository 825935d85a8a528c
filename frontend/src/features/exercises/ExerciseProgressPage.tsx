import { ArrowLeft, ChevronDown, LineChart, Play } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { EmptyState, Spinner } from '../../components/Feedback.tsx';
import { useServices } from '../../lib/services.ts';
import { chartsFor } from './chart-kinds.ts';
import { ExerciseBadges } from './ExerciseCard.tsx';
import { ExerciseHistory } from './ExerciseHistory.tsx';
import { ExerciseRecords } from './ExerciseRecords.tsx';
import type { ExerciseProgressStore } from './progress-store.ts';
import { useStartWithExercise } from './start-with-exercise.ts';
import './exercise-progress.css';

/** The charts (recharts) come with the first exercise page opened, not with the app. */
const ExerciseCharts = lazy(() =>
  import('./ExerciseCharts.tsx').then((module) => ({ default: module.ExerciseCharts })),
);

/**
 * One exercise's page: its records, its progress over time (charts) and every workout's sets,
 * newest first; how to do it, and a workout to start with it.
 */
export function ExerciseProgressPage({ id, progress: store }: { id: string; progress: ExerciseProgressStore }) {
  const { t, i18n } = useTranslation();
  const { toasts, settings } = useServices();
  const startWithExercise = useStartWithExercise();
  const { units } = useSnapshot(settings.state);
  const page = useSnapshot(store.state);
  // The language names the exercise: a switch reads it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a reason to load again
  useEffect(() => store.show(id), [store, id, i18n.language]);

  const exercise = page.id === id ? page.exercise : null;
  if (page.missing) {
    return (
      <EmptyState title={t('exerciseProgress.notFound')}>
        <Link href="/exercises" className="btn btn-secondary">
          {t('exerciseProgress.backToLibrary')}
        </Link>
      </EmptyState>
    );
  }
  if (!exercise || !page.progress) {
    return page.failed ? (
      <EmptyState title={t('exerciseProgress.loadFailed')}>
        <Button onClick={() => store.retry().catch(() => undefined)}>{t('common.retry')}</Button>
      </EmptyState>
    ) : (
      <Spinner />
    );
  }

  const { sessions, records } = page.progress;
  return (
    <div className="stack exercise-progress">
      <Link href="/exercises" className="row muted back-link">
        <ArrowLeft size={16} aria-hidden className="flip-rtl" />
        {t('exerciseProgress.backToLibrary')}
      </Link>
      <header className="page-header">
        <div className="stack-sm">
          <h1>{exercise.name}</h1>
          <ExerciseBadges exercise={exercise} />
        </div>
        <div className="row">
          <Button variant="primary" icon={<Play size={16} />} onClick={() => startWithExercise.start(exercise)}>
            {t('exercises.startWorkout')}
          </Button>
        </div>
      </header>
      <ExerciseRecords records={records} units={units} barbell={exercise.equipment === 'barbell'} />
      <section className="card stack-sm" aria-labelledby="exercise-charts-title">
        <h2 id="exercise-charts-title" className="row" style={{ gap: 'var(--space-2)' }}>
          <LineChart size={20} aria-hidden className="muted" />
          {t('exerciseProgress.overTime')}
        </h2>
        {chartsFor(sessions).length === 0 ? (
          <p className="muted">{t('exerciseProgress.noChart')}</p>
        ) : (
          <div className="exercise-chart-space">
            <Suspense fallback={null}>
              <ExerciseCharts sessions={sessions} units={units} />
            </Suspense>
          </div>
        )}
      </section>
      <ExerciseHistory
        history={page.history}
        total={page.total}
        more={page.pages < page.lastPage}
        onMore={() => store.showMore().catch(() => void toasts.error(t('exerciseProgress.loadFailed')))}
        units={units}
      />
      {exercise.instructions.length > 0 && (
        <details className="card exercise-how-to">
          <summary>
            <h2>{t('exercises.steps')}</h2>
            <ChevronDown size={20} aria-hidden />
          </summary>
          <ol className="steps">
            {exercise.instructions.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      )}
      {startWithExercise.dialog}
    </div>
  );
}
