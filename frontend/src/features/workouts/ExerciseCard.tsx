import type { Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { MAX_SETS_PER_EXERCISE } from '@fitness/contracts/workouts/sets.ts';
import { History, ListChecks, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/format.ts';
import { describePlan } from '../../lib/plan.ts';
import { useServices } from '../../lib/services.ts';
import type { Previous } from '../../lib/stores/workouts.ts';
import { displayDistance, displayWeight, distanceUnit, weightUnit } from '../../lib/units.ts';
import { SetRow } from './SetRow.tsx';
import { formatSet } from './setFormat.ts';
import { emptyDraft, type Measure, readSetDraft, type SetDraft } from './setInput.ts';

type Props = {
  workout: Workout;
  exercise: WorkoutExercise;
  measure: Measure;
  previous: Previous | undefined;
  onRemoveExercise: (exercise: WorkoutExercise) => void;
  onRemoveSet: (exercise: WorkoutExercise, set: WorkoutSet, number: number) => void;
};

/**
 * An exercise of the workout: its plan and what was done last time, its sets, and a form for
 * the next one, filled in with what the user is most likely to do: the matching set of last
 * time, else the plan, else the set just logged.
 */
export function ExerciseCard({ workout, exercise, measure, previous, onRemoveExercise, onRemoveSet }: Props) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const settings = useSnapshot(services.settings.state);
  const open = workout.status === 'in_progress';
  const [draft, setDraftState] = useState<SetDraft>(() => suggestion(exercise.sets.length, null));
  const touched = useRef(false);
  const setDraft = (next: SetDraft) => {
    touched.current = true;
    setDraftState(next);
  };

  // Last time's sets arrive after the card: use them while the user has typed nothing yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the arrival of `previous` matters here
  useEffect(() => {
    if (!touched.current) setDraftState(suggestion(exercise.sets.length, null));
  }, [previous]);
  const [repsError, setRepsError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = `exercise-${exercise.id}`;

  /** The draft for set number `index + 1`. */
  function suggestion(index: number, justLogged: SetDraft | null): SetDraft {
    const rest = exercise.plan?.rest ?? settings.defaultRestTime;
    const before = previous?.sets[index] ?? previous?.sets.at(-1);
    if (before) {
      return {
        ...emptyDraft(before.rest_time ?? rest),
        reps: String(before.reps),
        weight: before.weight === null ? '' : String(displayWeight(before.weight, settings.units)),
        duration: before.duration === null ? '' : String(before.duration),
        distance: before.distance === null ? '' : String(displayDistance(before.distance, settings.units)),
        type: before.type,
      };
    }
    if (justLogged) return { ...justLogged, notes: '' };
    const plan = exercise.plan;
    return {
      ...emptyDraft(rest),
      reps: plan?.reps ? String(plan.reps) : '',
      duration: plan?.duration ? String(plan.duration) : '',
      distance: plan?.distance ? String(displayDistance(plan.distance, settings.units)) : '',
    };
  }

  /** Validates a typed set the way spec section 5 says, toasting "Invalid Input" when it fails. */
  function validate(typed: SetDraft) {
    const read = readSetDraft(typed, settings.units, measure);
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
      // A record the set beats is announced when the server has worked it out (the records store follows it).
      await services.workouts.addSet(workout.id, exercise.id, read.input);
      services.toasts.success(t('workout.setAdded'));
      setDraftState(suggestion(exercise.sets.length + 1, draft));
      touched.current = false;
      if (settings.autoStartTimer) {
        services.restTimer.start(read.input.rest_time ?? settings.defaultRestTime, exercise.name);
      }
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

  const loadHeader =
    measure === 'time'
      ? t('workout.durationField')
      : measure === 'distance'
        ? t('workout.distanceField', { unit: distanceUnit(settings.units) })
        : t('workout.weight', { unit: weightUnit(settings.units) });
  const field = (key: keyof SetDraft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });

  return (
    <section className="card stack" aria-labelledby={headingId} data-testid="exercise">
      <div className="spread">
        <h2 id={headingId}>{exercise.name}</h2>
        <Button size="sm" variant="ghost" icon={<Trash2 size={16} />} onClick={() => onRemoveExercise(exercise)}>
          {t('workout.removeExercise')}
        </Button>
      </div>
      {(exercise.plan || previous || open) && (
        <div className="exercise-meta">
          {exercise.plan && (
            <span className="row" style={{ gap: 'var(--space-1)' }}>
              <ListChecks size={14} aria-hidden />
              {t('workout.planned', { plan: describePlan(exercise.plan, t, i18n.language, settings.units) })}
            </span>
          )}
          {previous ? (
            <span className="row" style={{ gap: 'var(--space-1)' }} data-testid="last-time">
              <History size={14} aria-hidden />
              {t('workout.lastTime', {
                date: formatDay(previous.date, i18n.language, 'short'),
                sets: previous.sets.map((set) => formatSet(set, measure, t, i18n.language, settings.units)).join(', '),
              })}
            </span>
          ) : (
            open && <span>{t('workout.firstTime')}</span>
          )}
        </div>
      )}
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
              <th scope="col">{loadHeader}</th>
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
                measure={measure}
                onSave={saveSet}
                onRemove={(s, n) => onRemoveSet(exercise, s, n)}
              />
            ))}
          </tbody>
        </table>
      )}
      {open && exercise.sets.length >= MAX_SETS_PER_EXERCISE && (
        <p className="muted">{t('workout.setsFull', { max: MAX_SETS_PER_EXERCISE })}</p>
      )}
      {open && exercise.sets.length < MAX_SETS_PER_EXERCISE && (
        <form className="set-form" onSubmit={addSet} noValidate aria-label={`${t('workout.addSet')}: ${exercise.name}`}>
          {measure === 'time' && (
            <TextField
              label={t('workout.durationField')}
              inputMode="numeric"
              value={draft.duration}
              onChange={field('duration')}
            />
          )}
          {measure === 'distance' && (
            <TextField
              label={t('workout.distanceField', { unit: distanceUnit(settings.units) })}
              inputMode="decimal"
              value={draft.distance}
              onChange={field('distance')}
            />
          )}
          <TextField
            label={t('workout.reps')}
            inputMode="numeric"
            value={draft.reps}
            onChange={field('reps')}
            error={repsError || undefined}
          />
          {measure === 'reps' && (
            <TextField
              label={t('workout.weight', { unit: weightUnit(settings.units) })}
              inputMode="decimal"
              placeholder={t('workout.bodyweight')}
              value={draft.weight}
              onChange={field('weight')}
            />
          )}
          <TextField label={t('workout.rest')} inputMode="numeric" value={draft.rest} onChange={field('rest')} />
          <SelectField
            label={t('workout.type')}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as SetDraft['type'] })}
            options={[
              { value: 'working', label: t('workout.working') },
              { value: 'warmup', label: t('workout.warmup') },
            ]}
          />
          <TextField
            label={t('workout.note')}
            placeholder={t('workout.notePlaceholder')}
            value={draft.notes}
            maxLength={2000}
            onChange={field('notes')}
          />
          <Button type="submit" variant="primary" icon={<Plus size={18} />} busy={busy}>
            {t('workout.addSet')}
          </Button>
        </form>
      )}
    </section>
  );
}
