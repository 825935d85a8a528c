import type { RecordType, Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { MAX_EXERCISES_PER_WORKOUT } from '@fitness/contracts/workouts/sets.ts';
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  BookmarkPlus,
  CheckCircle2,
  Dumbbell,
  Link2,
  NotebookPen,
  Plus,
  Square,
  Trash2,
  Unlink2,
} from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { ActionMenu, type MenuAction } from '../../components/ActionMenu.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, Spinner } from '../../components/Feedback.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError, toldTheUser } from '../../lib/api-client.ts';
import { formatDay, formatMinutes, formatTime, formatWeight } from '../../lib/format.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import { ExerciseCard } from './ExerciseCard.tsx';
import type { ExerciseLookup } from './exercise-lookup.ts';
import { NoteField } from './NoteField.tsx';
import { SaveTemplateDialog } from './SaveTemplateDialog.tsx';
import { summaryPath } from './summary-path.ts';
import { joinWithNext, restsAfter, supersetLetters } from './supersets.ts';
import { useLibrarySuggestions } from './useLibrarySuggestions.ts';
import './logger.css';

type Pending =
  | { kind: 'end' }
  | { kind: 'delete' }
  | { kind: 'exercise'; exercise: WorkoutExercise }
  | { kind: 'set'; exercise: WorkoutExercise; set: WorkoutSet; number: number };

/**
 * One workout, logged between sets: its exercises with their sets as rows to tick off, notes,
 * and ending, saving or deleting it. Personal records are followed while it is open, so a set
 * that beats one shows it on its row.
 */
export function WorkoutDetailPage({ id, lookup }: { id: string; lookup: ExerciseLookup }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const services = useServices();
  const { workouts } = services;
  const snapshot = useSnapshot(workouts.state);
  const workout = snapshot.byId[id] as Workout | undefined;
  const missing = Boolean(snapshot.missing[id]);
  const previous = (snapshot.previous[id] ?? {}) as Record<string, Previous>;
  const { all: records } = useSnapshot(services.records.state);
  const [pending, setPending] = useState<Pending | null>(null);
  const [exerciseName, setExerciseName] = useState('');
  const [exerciseError, setExerciseError] = useState('');
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [noting, setNoting] = useState(false);
  const { units: measures, equipment } = useSnapshot(lookup.state);
  const { units } = useSnapshot(services.settings.state);
  const suggestions = useLibrarySuggestions(lookup, exerciseName);
  // System exercise and template names in the language shown, whatever language they were logged in.
  const names = useLibraryNames();

  useEffect(() => workouts.showWorkout(id), [workouts, id]);
  useStoreWhileMounted(services.records);

  // What was done last time, and what each exercise is measured in, whenever the exercises change.
  const exerciseKey = workout?.exercises.map((exercise) => exercise.id).join(',') ?? '';
  useEffect(() => {
    if (!exerciseKey) return;
    const libraryIds = (workouts.state.byId[id]?.exercises ?? []).flatMap((e) =>
      e.exercise_id ? [e.exercise_id] : [],
    );
    lookup.loadUnits(libraryIds).catch((error) => console.error('Failed to look up exercises', error));
    workouts.loadPrevious(id).catch((error) => console.error('Failed to load what was done last time', error));
  }, [workouts, lookup, id, exerciseKey]);

  useOpenAtFirstUnloggedSet(workout, snapshot.previous[id] !== undefined);

  // Ended elsewhere (another device, the list): the rows typed here and not logged have no use left.
  const ended = workout !== undefined && workout.status !== 'in_progress';
  useEffect(() => {
    if (ended) workouts.drafts.forget(id);
  }, [ended, workouts, id]);

  if (missing) {
    return (
      <EmptyState icon={<Dumbbell size={32} aria-hidden />} title={t('workout.notFoundTitle')}>
        <p role="alert">{t('workout.notFound')}</p>
        <Link href="/workouts" className="btn btn-primary">
          {t('workout.backToWorkouts')}
        </Link>
      </EmptyState>
    );
  }
  if (!workout) return <Spinner />;

  const open = workout.status === 'in_progress';
  const title = names.workout(workout.name);
  const full = workout.exercises.length >= MAX_EXERCISES_PER_WORKOUT;
  const allSets = workout.exercises.flatMap((exercise) => exercise.sets);
  const volume = allSets.reduce((sum, set) => sum + (set.weight ?? 0) * set.reps, 0);
  // A set's badge: the records it holds that beat an earlier workout's best (a first session sets baselines).
  const recordsBySet: Record<string, RecordType[]> = {};
  for (const entry of records ?? []) {
    if (entry.record.workout_id !== id || entry.record.previous === null) continue;
    const held = recordsBySet[entry.record.set_id] ?? [];
    held.push(entry.type);
    recordsBySet[entry.record.set_id] = held;
  }

  async function addExercise(event: FormEvent) {
    event.preventDefault();
    setExerciseError('');
    if (!exerciseName.trim()) {
      setExerciseError(t('workout.exerciseNameRequired'));
      return;
    }
    setAdding(true);
    try {
      const fromLibrary = await lookup.findByName(exerciseName.trim());
      await workouts.addExercise(id, fromLibrary?.name ?? exerciseName.trim(), fromLibrary?.id ?? null);
      services.toasts.success(t('workout.exerciseAdded'), exerciseName.trim());
      setExerciseName('');
    } catch (error) {
      // A refusal shows at the field; what the app already told (no network, server down) shows nowhere else.
      if (error instanceof ApiError && error.status === 422) setExerciseError(error.fieldErrors.name?.[0] ?? '');
      else if (!toldTheUser(error)) services.toasts.error(t('workout.failedToAddExercise'));
    } finally {
      setAdding(false);
    }
  }

  async function saveNote(notes: string | null) {
    try {
      await workouts.update(id, { notes });
      return true;
    } catch (error) {
      if (!toldTheUser(error)) services.toasts.error(t('logger.noteFailed'));
      return false;
    }
  }

  async function confirm(action: Pending) {
    const { toasts } = services;
    try {
      switch (action.kind) {
        case 'end':
          await workouts.end(id);
          toasts.success(t('workouts.completed'), t('workouts.completedMessage', { name: title }));
          navigate(summaryPath(id));
          break;
        case 'delete':
          await workouts.remove(id);
          toasts.success(t('workout.deleted'));
          navigate('/workouts');
          break;
        case 'exercise':
          await workouts.removeExercise(id, action.exercise.id);
          toasts.success(
            t('workout.exerciseRemoved'),
            names.exercise(action.exercise.exercise_id, action.exercise.name),
          );
          break;
        case 'set':
          await workouts.removeSet(id, action.exercise.id, action.set.id);
          toasts.success(t('workout.setRemoved'));
          break;
      }
    } catch (error) {
      if (toldTheUser(error)) return;
      const messages = {
        end: 'workouts.failedToEnd',
        delete: 'workout.failedToDelete',
        exercise: 'workout.failedToRemove',
        set: 'workout.failedToRemove',
      };
      toasts.error(t(messages[action.kind]));
    }
  }

  const dialog = (() => {
    if (!pending) return { title: '', body: '', label: '' };
    switch (pending.kind) {
      case 'end':
        return {
          title: t('workouts.endConfirmTitle'),
          body: t('workouts.endConfirmBody'),
          label: t('confirm.endWorkout'),
        };
      case 'delete':
        return {
          title: t('workout.deleteTitle'),
          body: t('workout.deleteBody', { name: title }),
          label: t('confirm.delete'),
        };
      case 'exercise':
        return {
          title: t('workout.removeExerciseTitle', {
            name: names.exercise(pending.exercise.exercise_id, pending.exercise.name),
          }),
          body: t('workout.removeExerciseBody'),
          label: t('confirm.remove'),
        };
      case 'set':
        return {
          title: t('workout.removeSetTitle'),
          body: t('workout.removeSetBody', {
            number: pending.number,
            exercise: names.exercise(pending.exercise.exercise_id, pending.exercise.name),
          }),
          label: t('confirm.remove'),
        };
    }
  })();

  const letters = supersetLetters(workout.exercises);

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

  function exerciseActions(exercise: WorkoutExercise, index: number): MenuAction[] {
    const exercises = workout?.exercises ?? [];
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
      onSelect: () => setPending({ kind: 'exercise', exercise }),
    });
    return actions;
  }

  const workoutActions = [
    {
      label: workout.notes ? t('logger.editWorkoutNote') : t('logger.addWorkoutNote'),
      icon: <NotebookPen size={16} aria-hidden />,
      onSelect: () => setNoting(true),
    },
    ...(workout.exercises.length > 0
      ? [
          {
            label: t('workout.saveAsTemplate'),
            icon: <BookmarkPlus size={16} aria-hidden />,
            onSelect: () => setSaving(true),
          },
        ]
      : []),
    {
      label: t('workout.deleteWorkout'),
      icon: <Trash2 size={16} aria-hidden />,
      danger: true,
      onSelect: () => setPending({ kind: 'delete' }),
    },
  ];

  return (
    <div className="stack logger">
      <Link href="/workouts" className="row muted" style={{ gap: 'var(--space-1)', textDecoration: 'none' }}>
        <ArrowLeft size={16} aria-hidden className="flip-rtl" />
        {t('workout.back')}
      </Link>
      <header className="logger-header">
        <div className="logger-title">
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
            <Button variant="primary" icon={<Square size={16} />} onClick={() => setPending({ kind: 'end' })}>
              {t('workouts.end')}
            </Button>
          )}
          <ActionMenu label={t('logger.moreForWorkout')} actions={workoutActions} />
        </div>
      </header>
      <NoteField
        note={workout.notes}
        label={t('logger.workoutNote')}
        editing={noting}
        onEditing={setNoting}
        onSave={saveNote}
      />

      {!open && (
        <div className="notice" role="status">
          <CheckCircle2 size={20} aria-hidden />
          {t('workout.completedNote')}
        </div>
      )}

      {workout.exercises.length === 0 && !open && <p className="muted">{t('workout.noExercises')}</p>}
      {workout.exercises.map((exercise, index) => {
        const letter = letters.get(exercise.id);
        return (
          <ExerciseCard
            key={exercise.id}
            workout={workout}
            exercise={exercise as WorkoutExercise}
            name={names.exercise(exercise.exercise_id, exercise.name)}
            measure={(exercise.exercise_id && measures[exercise.exercise_id]) || 'reps'}
            equipment={exercise.exercise_id ? equipment[exercise.exercise_id] : null}
            previous={previous[exercise.id]}
            records={recordsBySet}
            restAfter={restsAfter(workout.exercises, index, letters)}
            superset={letter}
            actions={exerciseActions(exercise as WorkoutExercise, index)}
            onRemoveSet={(e, set, number) => setPending({ kind: 'set', exercise: e, set, number })}
          />
        );
      })}

      {open && (
        <section className="card stack" aria-labelledby="add-exercise-title">
          <h2 id="add-exercise-title">{t('workout.addExercise')}</h2>
          {workout.exercises.length === 0 && <p className="muted">{t('workout.noExercises')}</p>}
          {full && <p className="muted">{t('workout.exercisesFull', { max: MAX_EXERCISES_PER_WORKOUT })}</p>}
          {!full && (
            <form className="exercise-form" onSubmit={addExercise} noValidate>
              <TextField
                label={t('workout.exerciseName')}
                placeholder={t('workout.exercisePlaceholder')}
                value={exerciseName}
                maxLength={120}
                list="library-suggestions"
                autoComplete="off"
                onChange={(e) => setExerciseName(e.target.value)}
                error={exerciseError || undefined}
              />
              <datalist id="library-suggestions" aria-label={t('workout.suggestions')}>
                {suggestions.map((exercise) => (
                  <option key={exercise.id} value={exercise.name} />
                ))}
              </datalist>
              <Button type="submit" variant="primary" icon={<Plus size={18} />} busy={adding}>
                {adding ? t('workout.adding') : t('workout.addExercise')}
              </Button>
            </form>
          )}
        </section>
      )}

      <SaveTemplateDialog workout={workout} open={saving} onClose={() => setSaving(false)} />
      <ConfirmDialog
        open={pending !== null}
        title={dialog.title}
        body={dialog.body}
        confirmLabel={dialog.label}
        danger={pending?.kind !== 'end'}
        onConfirm={() => (pending ? confirm(pending) : undefined)}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

/**
 * A workout in progress opens at its first set still to do, once its rows are drawn; one came
 * back to (Back, a reload) opens where the reader was instead (the scroll memory puts it there).
 */
function useOpenAtFirstUnloggedSet(workout: Workout | undefined, previousLoaded: boolean) {
  const { scroll } = useServices();
  const done = useRef(false);
  // Last time's sets add rows above the first one to do: its place is known once they are in.
  const ready = workout !== undefined && (previousLoaded || workout.status !== 'in_progress');
  const open = workout?.status === 'in_progress';
  useEffect(() => {
    if (!ready || done.current) return;
    if (!open || scroll.cameBack()) {
      done.current = true;
      return;
    }
    // After the frame: the router's own scroll to the top of a new screen runs first.
    const frame = requestAnimationFrame(() => {
      done.current = true;
      const row = document.querySelector<HTMLElement>('[data-testid="planned-row"]');
      if (!row) return;
      // Left alone when it is already in easy reach (the lower fifth sits under a phone's tab bar and thumb).
      const { top, bottom } = row.getBoundingClientRect();
      if (top < 0 || bottom > window.innerHeight * 0.8) row.scrollIntoView({ block: 'center', behavior: 'instant' });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, open, scroll]);
}
