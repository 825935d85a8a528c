import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { services } from '../../app/services.ts';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { weightUnit } from '../../lib/units.ts';
import { SetRow } from './SetRow.tsx';
import { readSetDraft, type SetDraft } from './setInput.ts';
import type { Workout, WorkoutExercise, WorkoutSet } from './types.ts';

type Props = {
  workout: Workout;
  exercise: WorkoutExercise;
  onRemoveExercise: (exercise: WorkoutExercise) => void;
  onRemoveSet: (exercise: WorkoutExercise, set: WorkoutSet, number: number) => void;
};

/** An exercise of the workout: its sets, and a form to log the next one. */
export function ExerciseCard({ workout, exercise, onRemoveExercise, onRemoveSet }: Props) {
  const { t } = useTranslation();
  const settings = useSnapshot(services.settings.state);
  const open = workout.status === 'in_progress';
  const emptyDraft = (): SetDraft => ({
    reps: '',
    weight: '',
    rest: String(settings.defaultRestTime),
    type: 'working',
  });
  const [draft, setDraft] = useState<SetDraft>(emptyDraft);
  const [repsError, setRepsError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = `exercise-${exercise.id}`;

  /** Validates a typed set the way spec section 5 says, toasting "Invalid Input" when it fails. */
  function validate(typed: SetDraft) {
    const read = readSetDraft(typed, settings.units);
    if (!read.ok && read.field === 'reps') {
      setRepsError(t('workout.invalidReps'));
      services.toasts.error(t('errors.invalidInput'), t('workout.invalidReps'));
    }
    if (!read.ok && read.field !== 'reps') services.toasts.error(t('errors.invalidInput'));
    return read;
  }

  async function addSet(event: FormEvent) {
    event.preventDefault();
    setRepsError('');
    const read = validate(draft);
    if (!read.ok) return;
    setBusy(true);
    try {
      await services.workouts.addSet(workout.id, exercise.id, read.input);
      services.toasts.success(t('workout.setAdded'));
      setDraft({ ...emptyDraft(), weight: draft.weight, type: draft.type });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.fieldErrors.reps)
        setRepsError(error.fieldErrors.reps[0] ?? '');
      services.toasts.error(t('workout.failedToAddSet'));
    } finally {
      setBusy(false);
    }
  }

  async function saveSet(set: WorkoutSet, typed: SetDraft) {
    const read = validate(typed);
    if (!read.ok) return false;
    try {
      await services.workouts.updateSet(workout.id, exercise.id, set.id, read.input);
      services.toasts.success(t('workout.setUpdated'));
      return true;
    } catch {
      services.toasts.error(t('workout.failedToUpdateSet'));
      return false;
    }
  }

  return (
    <section className="card stack" aria-labelledby={headingId} data-testid="exercise">
      <div className="spread">
        <h2 id={headingId}>{exercise.name}</h2>
        <Button size="sm" variant="ghost" icon={<Trash2 size={16} />} onClick={() => onRemoveExercise(exercise)}>
          {t('workout.removeExercise')}
        </Button>
      </div>
      {exercise.sets.length === 0 ? (
        <p className="muted">{t('workout.noSets')}</p>
      ) : (
        <table className="sets">
          <thead>
            <tr>
              <th scope="col">{t('workout.set')}</th>
              <th scope="col" className="hide-narrow">
                {t('workout.type')}
              </th>
              <th scope="col">{t('workout.weight', { unit: weightUnit(settings.units) })}</th>
              <th scope="col">{t('workout.reps')}</th>
              <th scope="col" className="hide-narrow">
                {t('workout.rest')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('common.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {exercise.sets.map((set, index) => (
              <SetRow
                key={set.id}
                set={set}
                number={index + 1}
                onSave={saveSet}
                onRemove={(s, n) => onRemoveSet(exercise, s, n)}
              />
            ))}
          </tbody>
        </table>
      )}
      {open && (
        <form className="set-form" onSubmit={addSet} noValidate aria-label={`${t('workout.addSet')}: ${exercise.name}`}>
          <TextField
            label={t('workout.reps')}
            inputMode="numeric"
            value={draft.reps}
            onChange={(e) => setDraft({ ...draft, reps: e.target.value })}
            error={repsError || undefined}
          />
          <TextField
            label={t('workout.weight', { unit: weightUnit(settings.units) })}
            inputMode="decimal"
            placeholder={t('workout.bodyweight')}
            value={draft.weight}
            onChange={(e) => setDraft({ ...draft, weight: e.target.value })}
          />
          <TextField
            label={t('workout.rest')}
            inputMode="numeric"
            value={draft.rest}
            onChange={(e) => setDraft({ ...draft, rest: e.target.value })}
          />
          <SelectField
            label={t('workout.type')}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as SetDraft['type'] })}
            options={[
              { value: 'working', label: t('workout.working') },
              { value: 'warmup', label: t('workout.warmup') },
            ]}
          />
          <Button type="submit" variant="primary" icon={<Plus size={18} />} busy={busy}>
            {t('workout.addSet')}
          </Button>
        </form>
      )}
    </section>
  );
}
