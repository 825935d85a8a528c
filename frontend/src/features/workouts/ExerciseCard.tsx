import type { Equipment, RecordType, Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { MAX_SETS_PER_EXERCISE } from '@fitness/contracts/workouts/set-limits.ts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { NotebookPen, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ActionMenu, type MenuAction } from '../../components/ActionMenu.tsx';
import { PlateCalculator } from '../../components/PlateCalculator.tsx';
import { ApiError, toldTheUser } from '../../lib/api-client.ts';
import { unitLabel } from '../../lib/format.ts';
import { describePlan } from '../../lib/plan.ts';
import { useServices } from '../../lib/services.ts';
import type { ExerciseDrafts, RowValues } from '../../lib/stores/set-drafts.ts';
import type { Previous, SetInput } from '../../lib/stores/workouts.ts';
import { distanceUnit, parseDecimal, weightUnit } from '../../lib/units.ts';
import { needsWeight } from './exercise-lookup.ts';
import { NoteField } from './NoteField.tsx';
import { type RowField, SetRow, type SetRowState } from './SetRow.tsx';
import { draftOfRow, type LoggedRow, nextSetType, type PlannedRow, type Row, setRows } from './set-rows.ts';
import { type Measure, readSetDraft } from './setInput.ts';

type Props = {
  workout: Workout;
  exercise: WorkoutExercise;
  /** The name shown (a library exercise's in the user's language). */
  name: string;
  measure: Measure;
  /** What it is done with: null for none known, undefined while a library exercise's is looked up. */
  equipment: Equipment | null | undefined;
  previous: Previous | undefined;
  /** The records each logged set holds that beat an earlier workout's best, by set id. */
  records: Record<string, RecordType[]>;
  /** Whether the rest timer starts after this exercise's sets (not before the end of a superset's round). */
  restAfter: boolean;
  /** The letter of the superset the exercise is in, if any (see supersets.ts). */
  superset: string | undefined;
  /** Moving, grouping and removing the exercise. */
  actions: MenuAction[];
  onRemoveSet: (exercise: WorkoutExercise, set: WorkoutSet, number: number) => void;
};

const IDLE: SetRowState = { busy: false, error: null, askingWeight: false };

/**
 * An exercise of the workout in the logger: its sets as rows to tick off (see set-rows.ts), "add
 * set", and its note. One tap on a row's check logs it as shown and starts the rest timer.
 */
export function ExerciseCard(props: Props) {
  const { workout, exercise, name, measure, equipment, previous, records } = props;
  const { t, i18n } = useTranslation();
  const services = useServices();
  const settings = useSnapshot(services.settings.state);
  const { workouts } = services;
  // Its own rows' drafts only: typing into a row draws this exercise again, not the whole workout.
  const drafts = useSnapshot(workouts.drafts.state).workouts[workout.id]?.exercises[exercise.id] as
    | ExerciseDrafts
    | undefined;
  const open = workout.status === 'in_progress';
  const [states, setStates] = useState<Record<number, SetRowState>>({});
  const [noting, setNoting] = useState(false);
  const weightInputs = useRef(new Map<number, HTMLInputElement>());
  const headingId = `exercise-${exercise.id}`;
  const units = settings.units;
  const rows = setRows({ exercise, previous, drafts, open, units, defaultRest: settings.defaultRestTime });
  // The RPE column shows for a user who tracks it, and wherever a set was rated (an import, another device).
  const rpe = settings.trackRpe || exercise.sets.some((set) => set.rpe !== null);

  const stateOf = (index: number) => states[index] ?? IDLE;
  const setState = (index: number, next: Partial<SetRowState> | null) =>
    setStates((all) => {
      const { [index]: _, ...others } = all;
      return next ? { ...others, [index]: { ...IDLE, ...next } } : others;
    });

  /** What a failure says on its row: nothing more where the app already told the user (an error shows once). */
  function refusal(error: unknown, fallback: string): SetRowState['error'] {
    if (toldTheUser(error)) return null;
    if (error instanceof ApiError && error.status === 422) {
      const [field, messages] = Object.entries(error.fieldErrors)[0] ?? [];
      return { field: (field === 'rest_time' ? 'rest' : (field as RowField)) ?? null, message: messages?.[0] ?? '' };
    }
    return { field: null, message: fallback };
  }

  const invalid = (field: RowField) => ({
    field,
    message: field === 'reps' ? t('workout.invalidReps') : t(`logger.invalid.${field}`),
  });

  async function log(row: PlannedRow, bodyweight = false) {
    const read = readSetDraft(draftOfRow(row.values, row.rest), units, measure);
    if (!read.ok) return setState(row.index, { error: invalid(read.field) });
    if (measure === 'reps' && read.input.weight === null && needsWeight(equipment) && !bodyweight) {
      return setState(row.index, { askingWeight: true });
    }
    setState(row.index, { busy: true });
    const timing = props.restAfter && settings.autoStartTimer;
    if (timing) services.restTimer.start(row.rest, name);
    try {
      // A record the set beats shows on its row when the server has worked it out (the records store follows it).
      await workouts.addSet(workout.id, exercise.id, read.input);
      workouts.drafts.logged(workout.id, exercise.id, row.index);
      setState(row.index, null);
    } catch (error) {
      if (timing) services.restTimer.stop();
      setState(row.index, { error: refusal(error, t('workout.failedToAddSet')) });
    }
  }

  async function change({ set, index, values: shown }: LoggedRow, values: RowValues) {
    const read = readSetDraft(draftOfRow(values, set.rest_time), units, measure);
    if (!read.ok) return setState(index, { error: invalid(read.field) });
    const was = readSetDraft(draftOfRow(shown, set.rest_time), units, measure);
    // Only what changed is sent: a weight shown rounded in pounds is not rewritten by a change of reps.
    const changes = Object.fromEntries(
      Object.entries(read.input).filter(([key, value]) => !was.ok || was.input[key as keyof SetInput] !== value),
    );
    if (Object.keys(changes).length === 0) return setState(index, null);
    setState(index, { busy: true });
    try {
      await workouts.updateSet(workout.id, exercise.id, set.id, changes);
      setState(index, null);
    } catch (error) {
      setState(index, { error: refusal(error, t('workout.failedToUpdateSet')) });
    }
  }

  function cycleType(row: Row, type: SetType) {
    const next = nextSetType(type);
    if (row.kind === 'planned') workouts.drafts.edit(workout.id, exercise.id, row.index, { type: next });
    else void change(row, { ...row.values, type: next });
  }

  async function saveNote(notes: string | null) {
    try {
      await workouts.updateExercise(workout.id, exercise.id, { notes });
      return true;
    } catch (error) {
      if (!toldTheUser(error)) services.toasts.error(t('logger.noteFailed'));
      return false;
    }
  }

  // Working sets are numbered; the others show their type's letter.
  let working = 0;
  const numbers = rows.map((row) => {
    if (row.values.type !== 'warmup') working += 1;
    return working;
  });
  const loadHeader =
    measure === 'time'
      ? t('logger.seconds')
      : unitLabel(measure === 'distance' ? distanceUnit(units) : weightUnit(units), i18n.language);
  const full = rows.length >= MAX_SETS_PER_EXERCISE;
  // A barbell's plates are worked out for the set to load next: one button in the header, not one a row.
  const nextRow = rows.find((row): row is PlannedRow => row.kind === 'planned');
  const nextWeight = nextRow ? parseDecimal(nextRow.values.weight) : Number.NaN;
  const menu: MenuAction[] = [
    {
      label: exercise.notes ? t('logger.editNote') : t('logger.addNote'),
      icon: <NotebookPen size={16} aria-hidden />,
      onSelect: () => setNoting(true),
    },
    ...props.actions,
  ];

  return (
    <section
      className={`card exercise-log stack-sm ${props.superset ? 'exercise-log-superset' : ''}`}
      aria-labelledby={headingId}
      data-testid="exercise"
    >
      <div className="exercise-log-header">
        <div className="exercise-log-title">
          {props.superset && (
            <span className="badge badge-progress exercise-log-group" data-testid="superset">
              {t('logger.superset', { letter: props.superset })}
            </span>
          )}
          <h2 id={headingId}>{name}</h2>
          {exercise.plan && (
            <span className="exercise-log-plan">
              {t('workout.planned', { plan: describePlan(exercise.plan, t, i18n.language, units) })}
            </span>
          )}
        </div>
        <div className="exercise-log-tools">
          {equipment === 'barbell' && measure === 'reps' && nextRow && (
            <PlateCalculator weight={Number.isFinite(nextWeight) ? nextWeight : null} unit={weightUnit(units)} />
          )}
          <ActionMenu label={t('logger.moreFor', { name })} actions={menu} />
        </div>
      </div>
      <NoteField
        note={exercise.notes}
        label={t('logger.exerciseNote', { name })}
        editing={noting}
        onEditing={setNoting}
        onSave={saveNote}
      />
      {rows.length === 0 ? (
        <p className="muted">{t('workout.noSets')}</p>
      ) : (
        <table className={`set-table ${rpe ? 'set-table-rpe' : ''}`}>
          <thead>
            <tr>
              <th scope="col">{t('logger.setColumn')}</th>
              <th scope="col">{t('logger.previous')}</th>
              <th scope="col">{loadHeader}</th>
              {measure === 'reps' && <th scope="col">{t('logger.reps')}</th>}
              {rpe && (
                <th scope="col" className="set-col-rpe">
                  <abbr title={t('logger.rpeLabel')}>{t('logger.rpe')}</abbr>
                </th>
              )}
              <th scope="col">
                <span className="visually-hidden">{t('logger.done')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, position) => (
              <SetRow
                key={row.kind === 'logged' ? row.set.id : `planned-${row.index}`}
                row={row}
                number={numbers[position] ?? position + 1}
                measure={measure}
                units={units}
                rpe={rpe}
                state={stateOf(row.index)}
                records={row.kind === 'logged' ? (records[row.set.id] ?? []) : []}
                weightRef={(input) => {
                  if (input) weightInputs.current.set(row.index, input);
                  else weightInputs.current.delete(row.index);
                }}
                onType={(field, text) => {
                  workouts.drafts.edit(workout.id, exercise.id, row.index, { [field]: text });
                  if (stateOf(row.index).error || stateOf(row.index).askingWeight) setState(row.index, null);
                }}
                onKeep={(field, text) => {
                  if (row.kind === 'logged') void change(row, { ...row.values, [field]: text });
                }}
                onCycleType={(type) => cycleType(row, type)}
                onCheck={() =>
                  row.kind === 'logged' ? props.onRemoveSet(exercise, row.set, row.index + 1) : void log(row)
                }
                onAnswerWeight={(bodyweight) => {
                  if (row.kind !== 'planned') return;
                  if (bodyweight) void log(row, true);
                  else {
                    setState(row.index, null);
                    weightInputs.current.get(row.index)?.focus();
                  }
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      {open && !full && (
        <button
          type="button"
          className="btn btn-ghost btn-sm set-add"
          onClick={() => workouts.drafts.addRow(workout.id, exercise.id, rows.length)}
        >
          <Plus size={16} aria-hidden />
          {t('workout.addSet')}
        </button>
      )}
      {open && full && <p className="muted">{t('workout.setsFull', { max: MAX_SETS_PER_EXERCISE })}</p>}
    </section>
  );
}
