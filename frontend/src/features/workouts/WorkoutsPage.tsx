import { BookOpen, ChevronRight, Dumbbell, Play, Plus, Square } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { EmptyState, PageHeader } from '../../components/Feedback.tsx';
import { StartWorkoutDialog } from '../../components/StartWorkoutDialog.tsx';
import { formatDay } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { useWorkoutList } from '../../lib/stores/workouts.ts';
import { EndWorkoutDialog } from './EndWorkoutDialog.tsx';
import { TrainingCalendarCard } from './TrainingCalendarCard.tsx';
import type { TrainingCalendar } from './training-calendar.ts';
import { WorkoutHistoryRow } from './WorkoutHistoryRow.tsx';
import './workouts-tab.css';

/**
 * The workout in progress, templates to start in one tap (`templateShortcuts`), the way to the
 * library, the calendar of training days and the history. `importButton` sits beside Start.
 */
export function WorkoutsPage({
  importButton,
  templateShortcuts,
  calendar,
}: {
  importButton: ReactNode;
  templateShortcuts: ReactNode;
  calendar: TrainingCalendar;
}) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { workouts, loaded, failed, hasMore, current } = useWorkoutList(services.workouts);
  const { units } = useSnapshot(services.settings.state);
  const { all: records } = useSnapshot(services.records.state);
  const names = useLibraryNames();
  useStoreWhileMounted(services.records);
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const recent = workouts.filter((workout) => workout.id !== current?.id);
  // The records each workout holds that beat an earlier day's best (a first session's are baselines).
  const recordsOf = new Map<string, number>();
  for (const { record } of records ?? []) {
    if (record.previous && record.previous.date < record.date) {
      recordsOf.set(record.workout_id, (recordsOf.get(record.workout_id) ?? 0) + 1);
    }
  }

  async function more() {
    setLoadingMore(true);
    try {
      await services.workouts.loadNextPage();
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('workouts.title')}
        subtitle={t('workouts.subtitle')}
        actions={
          <>
            {importButton}
            <Button variant="primary" icon={<Plus size={18} />} onClick={() => setStarting(true)}>
              {t('workouts.startNew')}
            </Button>
          </>
        }
      />
      <div className="stack">
        {/* Only a workout to resume takes room above the start buttons. */}
        {current && (
          <section className="card" aria-labelledby="current-title">
            <div className="card-header">
              <h2 id="current-title">{t('workouts.current')}</h2>
              <span className="badge badge-progress">{t('workouts.statusInProgress')}</span>
            </div>
            <div className="spread">
              <div>
                <p className="list-title">{names.workout(current.name)}</p>
                <p className="list-meta">
                  {formatDay(current.date, i18n.language)} ·{' '}
                  {t('workouts.exercisesCount', { count: current.exercise_count })} ·{' '}
                  {t('workouts.setsCount', { count: current.set_count })}
                </p>
              </div>
              <div className="row">
                <Link href={`/workouts/${current.id}`} className="btn btn-primary">
                  <Play size={18} aria-hidden />
                  {t('workouts.continue')}
                </Link>
                <Button icon={<Square size={16} />} onClick={() => setEnding(current.id)}>
                  {t('workouts.end')}
                </Button>
              </div>
            </div>
          </section>
        )}

        {templateShortcuts}

        <Link href="/exercises" className="card card-tight link-card">
          <span className="row">
            <BookOpen size={20} aria-hidden className="muted" />
            <span className="list-title">{t('workouts.library')}</span>
          </span>
          <ChevronRight size={18} aria-hidden className="muted flip-rtl" />
        </Link>

        <div className="workouts-history">
          <TrainingCalendarCard calendar={calendar} />
          <section className="card" aria-labelledby="recent-title">
            <div className="card-header">
              <h2 id="recent-title">{t('workouts.recent')}</h2>
            </div>
            {failed && <p className="field-error">{t('workouts.loadFailed')}</p>}
            {loaded && workouts.length === 0 && (
              <EmptyState icon={<Dumbbell size={32} aria-hidden />}>
                <p>{t('workouts.noWorkouts')}</p>
                <Button variant="primary" icon={<Plus size={18} />} onClick={() => setStarting(true)}>
                  {t('workouts.startNew')}
                </Button>
              </EmptyState>
            )}
            <ul className="list" data-testid="recent-workouts">
              {recent.map((workout) => (
                <li key={workout.id}>
                  <WorkoutHistoryRow workout={workout} records={recordsOf.get(workout.id) ?? 0} units={units} />
                </li>
              ))}
            </ul>
            {hasMore && (
              <Button onClick={more} busy={loadingMore} block>
                {t('workouts.loadMore')}
              </Button>
            )}
          </section>
        </div>
      </div>

      <StartWorkoutDialog open={starting} onClose={() => setStarting(false)} />
      <EndWorkoutDialog workoutId={ending} onClose={() => setEnding(null)} />
    </>
  );
}
