import type { RecordType } from '@fitness/contracts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { Check, Trophy } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, unitLabel } from '../../lib/format.ts';
import type { RowValues } from '../../lib/stores/set-drafts.ts';
import { distanceUnit, type Units, weightUnit } from '../../lib/units.ts';
import { SetValueInput } from './SetValueInput.tsx';
import type { Row } from './set-rows.ts';
import { formatPrevious } from './setFormat.ts';
import { type Measure, RPE_CHOICES } from './setInput.ts';

/** What the row's fields are called: for its inputs' labels and its error. */
export type RowField = 'weight' | 'reps' | 'duration' | 'distance' | 'rest' | 'rpe';

export type SetRowState = {
  /** Being logged or saved. */
  busy: boolean;
  /** A refusal to show under the row, and the field it is about. */
  error: { field: RowField | null; message: string } | null;
  /** The weight was left empty on an exercise that needs one: asked before logging as bodyweight. */
  askingWeight: boolean;
};

type Props = {
  row: Row;
  /** The label of the row's number cell: the working set's number, or its type's letter. */
  number: number;
  measure: Measure;
  units: Units;
  /** Whether the row asks how hard the set felt (the RPE column). */
  rpe: boolean;
  state: SetRowState;
  /** Records this (logged) set holds that beat an earlier workout's best. */
  records: RecordType[];
  weightRef?: Ref<HTMLInputElement>;
  /** A value typed into a row not logged yet (kept as its draft). */
  onType(field: keyof RowValues, text: string): void;
  /** A value of a logged set changed. */
  onKeep(field: keyof RowValues, text: string): void;
  onCycleType(type: SetType): void;
  /** The check: logs a row as shown, or asks to remove a logged set. */
  onCheck(): void;
  onAnswerWeight(bodyweight: boolean): void;
};

/**
 * One set of an exercise in the logger: its number or type (a badge that cycles through the set
 * types), last time's set at its place, its weight and reps (or time, or distance) edited where
 * they are, and the check that logs it as shown.
 */
export function SetRow(props: Props) {
  const { row, number, measure, units, state, records, weightRef, onType, onKeep, onCycleType, onCheck } = props;
  const { t, i18n } = useTranslation();
  const errorId = useId();
  const logged = row.kind === 'logged';
  const { values } = row;
  const setLabel = t('workout.setNumber', { number: row.index + 1 });
  const typeName = t(`logger.types.${values.type}`);
  const field = (name: keyof RowValues, label: string, mode: 'numeric' | 'decimal', placeholder?: string) => (
    <SetValueInput
      value={values[name] as string}
      label={`${setLabel}: ${label}`}
      mode={mode}
      placeholder={placeholder}
      invalid={state.error?.field === name}
      inputRef={name === 'weight' ? weightRef : undefined}
      onType={logged ? undefined : (text) => onType(name, text)}
      onKeep={logged ? (text) => onKeep(name, text) : undefined}
    />
  );
  const columns = (measure === 'reps' ? 5 : 4) + (props.rpe ? 1 : 0);
  // A rating outside the usual choices (an imported 5, say) is still shown as it is.
  const rpeChoices = RPE_CHOICES.map(String);
  if (values.rpe !== '' && !rpeChoices.includes(values.rpe)) rpeChoices.unshift(values.rpe);

  return (
    <>
      <tr
        data-testid={logged ? 'set-row' : 'planned-row'}
        data-set-type={values.type}
        className={`set-row ${logged ? 'set-row-logged' : ''}`}
        aria-describedby={state.error || state.askingWeight ? errorId : undefined}
      >
        <td className="set-cell-type">
          <button
            type="button"
            className={`set-type set-type-${values.type}`}
            aria-label={t('logger.changeType', { set: setLabel, type: typeName })}
            title={typeName}
            onClick={() => onCycleType(values.type)}
          >
            {values.type === 'working'
              ? formatNumber(number, i18n.language, 0)
              : t(`logger.typeLetters.${values.type}`)}
          </button>
        </td>
        <td className="set-cell-previous">
          {records.length > 0 && (
            <span
              className="set-record"
              data-testid="set-record"
              title={t('logger.record', { kinds: records.map((type) => t(`records.types.${type}`)).join(', ') })}
            >
              <Trophy size={14} aria-hidden />
              <span className="visually-hidden">
                {t('logger.record', { kinds: records.map((type) => t(`records.types.${type}`)).join(', ') })}
              </span>
            </span>
          )}
          <span className="set-previous">
            {row.previous ? formatPrevious(row.previous, measure, t, i18n.language, units) : '–'}
          </span>
        </td>
        {measure === 'reps' && (
          <>
            <td>
              {field(
                'weight',
                t('workout.weight', { unit: unitLabel(weightUnit(units), i18n.language) }),
                'decimal',
                t('logger.bw'),
              )}
            </td>
            <td>{field('reps', t('workout.reps'), 'numeric')}</td>
          </>
        )}
        {measure === 'time' && <td>{field('duration', t('workout.durationField'), 'numeric')}</td>}
        {measure === 'distance' && (
          <td>
            {field(
              'distance',
              t('workout.distanceField', { unit: unitLabel(distanceUnit(units), i18n.language) }),
              'decimal',
            )}
          </td>
        )}
        {props.rpe && (
          <td>
            <select
              className="set-value set-rpe"
              aria-label={`${setLabel}: ${t('logger.rpeLabel')}`}
              aria-invalid={state.error?.field === 'rpe' || undefined}
              value={values.rpe}
              onChange={(event) => (logged ? onKeep : onType)('rpe', event.target.value)}
            >
              <option value="">{t('logger.rpeNone')}</option>
              {rpeChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {formatNumber(Number(choice), i18n.language, 1)}
                </option>
              ))}
            </select>
          </td>
        )}
        <td className="set-cell-check">
          <button
            type="button"
            className={`set-check ${logged ? 'set-check-done' : ''}`}
            aria-label={logged ? t('logger.removeSet', { set: setLabel }) : t('logger.logSet', { set: setLabel })}
            title={logged ? t('logger.removeSet', { set: setLabel }) : t('logger.logSet', { set: setLabel })}
            aria-busy={state.busy || undefined}
            disabled={state.busy}
            onClick={onCheck}
          >
            {state.busy ? <span className="spinner set-check-spinner" aria-hidden /> : <Check size={20} aria-hidden />}
          </button>
        </td>
      </tr>
      {(state.error || state.askingWeight) && (
        <tr className="set-row-note">
          <td colSpan={columns} id={errorId}>
            {state.askingWeight ? (
              <div className="set-ask">
                <span>{t('logger.askWeight')}</span>
                <span className="set-ask-actions">
                  <button
                    type="button"
                    className="btn btn-sm btn-secondary"
                    onClick={() => props.onAnswerWeight(false)}
                  >
                    {t('logger.enterWeight')}
                  </button>
                  <button type="button" className="btn btn-sm btn-ghost" onClick={() => props.onAnswerWeight(true)}>
                    {t('logger.logBodyweight')}
                  </button>
                </span>
              </div>
            ) : (
              <span className="field-error" role="alert">
                {state.error?.message}
              </span>
            )}
          </td>
        </tr>
      )}
    </>
  );
}
