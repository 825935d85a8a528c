import type { Workout, WorkoutSet } from '@fitness/contracts';
import type { RecordType } from '@fitness/contracts/records/records.ts';
import { BookmarkPlus, CheckCircle2, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Feedback.tsx';
import {
  formatDay,
  formatDistance,
  formatMinutes,
  formatNames,
  formatNumber,
  formatSeconds,
  formatTime,
  formatWeight,
} from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import type { RecordEntry } from '../../lib/stores/records.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import type { Units } from '../../lib/units.ts';
import { type ExerciseOutcome, recordsBroken, workoutOutcome } from './finish-summary.ts';
import { SaveTemplateDialog } from './SaveTemplateDialog.tsx';
import { WorkoutNotFound } from './WorkoutNotFound.tsx';
import './finish-summary.css';

/**
 * A finished workout at a glance: how long, how many sets, how much lifted, the records it
 * broke, and each exercise against the last time it was done. Exercises left without a set can
 * be dropped here, where ending did not already.
 */
export function WorkoutSummaryPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { workouts, records, toasts } = services;
  const snapshot = useSnapshot(workouts.state);
  const { all } = useSnapshot(records.state);
  const { units } = useSnapshot(services.settings.state);
  const workout = snapshot.byId[id] as Workout | undefined;
  const previous = snapshot.previous[id] as Record<string, Previous> | undefined;
  const [saving, setSaving] = useState(false);
  const [dropping, setDropping] = useState(false);
  const language = i18n.language;
  const names = useLibraryNames();

  useEffect(() => workouts.showWorkout(id), [workouts, id]);
  useStoreWhileMounted(records);
  const exerciseKey = workout?.exercises.map((exercise) => exercise.id).join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the exercises are a reason to read again, not an input
  useEffect(() => {
    workouts.loadPrevious(id).catch((error) => console.error('Failed to load what was done last time', error));
  }, [workouts, id, exerciseKey]);

  if (snapshot.missing[id]) return <WorkoutNotFound />;
  if (!workout) return <Spinner />;

  const outcome = workoutOutcome(workout, previous ?? {});
  const broken = all && previous ? recordsBroken(workout, previous, all as RecordEntry[]) : null;

  async function dropEmpty() {
    setDropping(true);
    try {
      for (const exercise of outcome.empty) await workouts.removeExercise(id, exercise.id);
    } catch {
      toasts.error(t('workout.failedToRemove'));
    } finally {
      setDropping(false);
    }
  }

  const stats = [
    { label: t('finish.duration'), value: outcome.duration === null ? '–' : formatMinutes(outcome.duration, language) },
    { label: t('finish.sets'), value: formatNumber(outcome.sets, language, 0) },
    { label: t('finish.volume'), value: formatWeight(outcome.volume, units, language) },
    { label: t('finish.records'), value: broken ? formatNumber(broken.length, language, 0) : '…' },
  ];

  return (
    <div className="stack finish" data-testid="workout-summary">
      <header className="card finish-hero">
        <CheckCircle2 size={32} aria-hidden className="finish-hero-icon" />
        <div className="stack-sm">
          <p className="finish-kicker">
            {workout.status === 'completed' ? t('finish.title') : t('workouts.statusInProgress')}
          </p>
          <h1>{names.workout(workout.name)}</h1>
          <p className="muted">
            {formatDay(workout.date, language)} ·{' '}
            {t('workout.started', { time: formatTime(workout.started_at, language) })}
          </p>
        </div>
      </header>

      <section aria-label={t('finish.totals')}>
        <dl className="finish-stats">
          {stats.map((stat) => (
            <div key={stat.label} className="card card-tight stat">
              <dt className="stat-label">{stat.label}</dt>
              <dd className="stat-value">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {outcome.empty.length > 0 && workout.status === 'completed' && (
        <div className="notice notice-warning finish-empty" role="status">
          <p>
            {t('finish.emptyLeft', {
              count: outcome.empty.length,
              names: formatNames(
                outcome.empty.map((exercise) => names.exercise(exercise.exercise_id, exercise.name)),
                language,
              ),
            })}
          </p>
          <Button size="sm" onClick={dropEmpty} busy={dropping}>
            {t('finish.dropEmptyNow', { count: outcome.empty.length })}
          </Button>
        </div>
      )}

      {broken && broken.length > 0 && (
        <section className="card stack-sm" aria-labelledby="finish-records-title" data-testid="finish-records">
          <h2 id="finish-records-title" className="row" style={{ gap: 'var(--space-2)' }}>
            <Trophy size={20} aria-hidden className="finish-trophy" />
            {t('finish.recordsTitle')}
          </h2>
          <ul className="list">
            {broken.map(({ exercise_id, name, type, record }) => (
              <li key={`${type}:${record.set_id}`} className="list-item">
                <div>
                  <p className="list-title">{names.exercise(exercise_id, name)}</p>
                  <p className="list-meta">
                    {t(`records.types.${type}`)}
                    {record.previous &&
                      ` · ${t('records.previous', { value: recordValue(type, record.previous.value, units, language) })}`}
                  </p>
                </div>
                <strong>{recordValue(type, record.value, units, language)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card stack-sm" aria-labelledby="finish-compare-title" data-testid="finish-comparison">
        <h2 id="finish-compare-title">{t('finish.compareTitle')}</h2>
        {outcome.lastTime ? (
          <p className="muted">
            {outcome.lastTime.date
              ? t('finish.compareWorkout', {
                  change: volumeChange(outcome.lastTime.now, outcome.lastTime.before, language),
                  date: formatDay(outcome.lastTime.date, language, 'short'),
                })
              : t('finish.compareExercises', {
                  change: volumeChange(outcome.lastTime.now, outcome.lastTime.before, language),
                })}
          </p>
        ) : (
          previous && <p className="muted">{t('finish.nothingToCompare')}</p>
        )}
        <ul className="list">
          {outcome.exercises.map((exercise) => (
            <ExerciseRow key={exercise.id} exercise={exercise} units={units} />
          ))}
        </ul>
      </section>

      <div className="row finish-actions">
        <Link href="/workouts" className="btn btn-primary">
          {t('finish.done')}
        </Link>
        <Link href={`/workouts/${id}`} className="btn btn-secondary">
          {t('finish.viewWorkout')}
        </Link>
        {outcome.exercises.length > 0 && (
          <Button variant="ghost" icon={<BookmarkPlus size={16} />} onClick={() => setSaving(true)}>
            {t('workout.saveAsTemplate')}
          </Button>
        )}
      </div>
      <SaveTemplateDialog workout={workout} open={saving} onClose={() => setSaving(false)} />
    </div>
  );
}

/** One exercise: what was done, and the change since the last time it was done. */
function ExerciseRow({ exercise, units }: { exercise: ExerciseOutcome; units: Units }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const names = useLibraryNames();
  const line = (done: Pick<ExerciseOutcome, 'sets' | 'top'>) =>
    [t('workouts.setsCount', { count: done.sets }), done.top && t('finish.top', { set: setText(done.top) })]
      .filter(Boolean)
      .join(' · ');
  const setText = (set: WorkoutSet) => {
    if (set.duration !== null) return formatSeconds(set.duration, language);
    if (set.distance !== null) return formatDistance(set.distance, units, language);
    const reps = formatNumber(set.reps, language, 0);
    return set.weight === null
      ? t('finish.bodyweightReps', { reps })
      : `${formatWeight(set.weight, units, language)} × ${reps}`;
  };
  const { previous } = exercise;
  const change = !previous
    ? null
    : exercise.volume > 0 && previous.volume > 0
      ? volumeChange(exercise.volume, previous.volume, language)
      : t('finish.repsChange', {
          count: exercise.reps - previous.reps,
          change: signed(exercise.reps - previous.reps, language),
        });
  const up =
    previous &&
    (exercise.volume > 0 && previous.volume > 0 ? exercise.volume > previous.volume : exercise.reps > previous.reps);
  const down =
    previous &&
    (exercise.volume > 0 && previous.volume > 0 ? exercise.volume < previous.volume : exercise.reps < previous.reps);

  return (
    <li className="list-item finish-exercise">
      <div className="finish-exercise-text">
        <p className="list-title">{names.exercise(exercise.exercise_id, exercise.name)}</p>
        <p className="list-meta">{line(exercise)}</p>
        {previous && (
          <p className="list-meta">
            {t('finish.lastTime', { date: formatDay(previous.date, language, 'short'), done: line(previous) })}
          </p>
        )}
      </div>
      <span className={`badge ${up ? 'badge-done' : down ? 'badge-warning' : ''}`}>
        {change ?? t('finish.firstTime')}
      </span>
    </li>
  );
}

function recordValue(type: RecordType, amount: number, units: Units, language: string) {
  if (type === 'longest_duration') return formatSeconds(amount, language);
  if (type === 'longest_distance') return formatDistance(amount, units, language);
  if (type === 'most_reps') return formatNumber(amount, language, 0);
  return formatWeight(amount, units, language);
}

/** "+12 %", "−3 %", "±0 %": the change of a volume, in the reader's numbers. */
function volumeChange(now: number, before: number, language: string) {
  const ratio = before > 0 ? (now - before) / before : 0;
  return new Intl.NumberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(ratio);
}

const signed = (value: number, language: string) =>
  new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }).format(value);
