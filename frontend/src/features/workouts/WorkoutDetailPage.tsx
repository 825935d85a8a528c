import type { RecordType, Workout, WorkoutExercise } from '@fitness/contracts';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Spinner } from '../../components/Feedback.tsx';
import { toldTheUser } from '../../lib/api-client.ts';
import { useLibraryNames } from '../../lib/library-names.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import { AddExerciseForm } from './AddExerciseForm.tsx';
import { ExerciseCard } from './ExerciseCard.tsx';
import type { ExerciseLookup } from './exercise-lookup.ts';
import { NoteField } from './NoteField.tsx';
import { SaveTemplateDialog } from './SaveTemplateDialog.tsx';
import { restsAfter, supersetLetters } from './supersets.ts';
import { useExerciseActions } from './useExerciseActions.tsx';
import { useOpenAtFirstUnloggedSet } from './useOpenAtFirstUnloggedSet.ts';
import { type Pending, WorkoutConfirmDialog } from './WorkoutConfirmDialog.tsx';
import { WorkoutHeader } from './WorkoutHeader.tsx';
import { WorkoutNotFound } from './WorkoutNotFound.tsx';
import './logger.css';
import './set-table.css';

/**
 * One workout, logged between sets: its exercises with their sets as rows to tick off, notes,
 * and ending, saving or deleting it. Personal records are followed while it is open, so a set
 * that beats one shows it on its row.
 */
export function WorkoutDetailPage({ id, lookup }: { id: string; lookup: ExerciseLookup }) {
  const { t } = useTranslation();
  const services = useServices();
  const { workouts } = services;
  const snapshot = useSnapshot(workouts.state);
  const workout = snapshot.byId[id] as Workout | undefined;
  const missing = Boolean(snapshot.missing[id]);
  const previous = (snapshot.previous[id] ?? {}) as Record<string, Previous>;
  const { all: records } = useSnapshot(services.records.state);
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const [noting, setNoting] = useState(false);
  const { units: measures, equipment } = useSnapshot(lookup.state);
  // System exercise and template names in the language shown, whatever language they were logged in.
  const names = useLibraryNames();
  const exerciseActions = useExerciseActions(id, (exercise) => setPending({ kind: 'exercise', exercise }));

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

  if (missing) return <WorkoutNotFound />;
  if (!workout) return <Spinner />;

  const open = workout.status === 'in_progress';
  const title = names.workout(workout.name);
  // A set's badge: the records it holds that beat an earlier workout's best (a first session sets baselines).
  const recordsBySet: Record<string, RecordType[]> = {};
  for (const entry of records ?? []) {
    if (entry.record.workout_id !== id || entry.record.previous === null) continue;
    const held = recordsBySet[entry.record.set_id] ?? [];
    held.push(entry.type);
    recordsBySet[entry.record.set_id] = held;
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

  const letters = supersetLetters(workout.exercises);

  return (
    <div className="stack logger">
      <Link href="/workouts" className="row muted" style={{ gap: 'var(--space-1)', textDecoration: 'none' }}>
        <ArrowLeft size={16} aria-hidden className="flip-rtl" />
        {t('workout.back')}
      </Link>
      <WorkoutHeader
        workout={workout}
        title={title}
        onEnd={() => setPending({ kind: 'end' })}
        onNote={() => setNoting(true)}
        onSaveAsTemplate={() => setSaving(true)}
        onDelete={() => setPending({ kind: 'delete' })}
      />
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
            actions={exerciseActions(workout.exercises, letters, exercise as WorkoutExercise, index)}
            onRemoveSet={(e, set, number) => setPending({ kind: 'set', exercise: e, set, number })}
          />
        );
      })}

      {open && <AddExerciseForm id={id} exercises={workout.exercises.length} lookup={lookup} />}

      <SaveTemplateDialog workout={workout} open={saving} onClose={() => setSaving(false)} />
      <WorkoutConfirmDialog id={id} title={title} pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
