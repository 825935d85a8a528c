import {
  isRpe,
  MAX_DISTANCE_METRES,
  MAX_REPS,
  MAX_REST_SECONDS,
  MAX_SET_SECONDS,
  MAX_WEIGHT_KG,
} from '@fitness/contracts/workouts/set-limits.ts';
import type { RowValues } from '../../lib/stores/set-drafts.ts';
import type { SetInput } from '../../lib/stores/workouts.ts';
import { distanceToMetres, parseDecimal, type Units, weightToKg, westernDigits } from '../../lib/units.ts';

/** What the exercise is measured in: repetitions, time or distance. */
export type Measure = 'reps' | 'time' | 'distance';

/** A set as typed: a row's values (duration in seconds, distance in km or mi), its rest and notes. */
export type SetDraft = RowValues & { rest: string; notes: string };

export type SetDraftResult =
  | { ok: true; input: SetInput }
  | { ok: false; field: 'reps' | 'weight' | 'rest' | 'duration' | 'distance' | 'rpe' };

/**
 * Reads what the user typed into a set. Reps must be a whole number above 0 (spec section 5);
 * a timed or distance exercise counts one rep when none is typed and needs its time or distance
 * instead. An empty weight means bodyweight; weights and distances are typed in the user's
 * units and sent in kilograms and metres.
 */
export function readSetDraft(draft: SetDraft, units: Units, measure: Measure = 'reps'): SetDraftResult {
  const repsText = draft.reps.trim() === '' && measure !== 'reps' ? '1' : draft.reps;
  const reps = wholeNumber(repsText);
  if (repsText.trim() === '' || !Number.isInteger(reps) || reps <= 0 || reps > MAX_REPS)
    return { ok: false, field: 'reps' };
  let weight: number | null = null;
  if (draft.weight.trim() !== '') {
    const typed = parseDecimal(draft.weight);
    if (!Number.isFinite(typed) || typed < 0) return { ok: false, field: 'weight' };
    weight = weightToKg(typed, units);
    if (weight > MAX_WEIGHT_KG) return { ok: false, field: 'weight' };
  }
  let restTime: number | null = null;
  if (draft.rest.trim() !== '') {
    restTime = wholeNumber(draft.rest);
    if (!Number.isInteger(restTime) || restTime < 0 || restTime > MAX_REST_SECONDS) return { ok: false, field: 'rest' };
  }
  let duration: number | null = null;
  if (draft.duration.trim() !== '' || measure === 'time') {
    duration = wholeNumber(draft.duration);
    if (draft.duration.trim() === '' || !Number.isInteger(duration) || duration <= 0 || duration > MAX_SET_SECONDS)
      return { ok: false, field: 'duration' };
  }
  let distance: number | null = null;
  if (draft.distance.trim() !== '' || measure === 'distance') {
    const typed = parseDecimal(draft.distance);
    if (draft.distance.trim() === '' || !Number.isFinite(typed) || typed <= 0) return { ok: false, field: 'distance' };
    distance = distanceToMetres(typed, units);
    if (distance > MAX_DISTANCE_METRES) return { ok: false, field: 'distance' };
  }
  let rpe: number | null = null;
  if (draft.rpe.trim() !== '') {
    rpe = parseDecimal(draft.rpe);
    if (!isRpe(rpe)) return { ok: false, field: 'rpe' };
  }
  const notes = draft.notes.trim() || null;
  return { ok: true, input: { reps, weight, rest_time: restTime, type: draft.type, duration, distance, notes, rpe } };
}

/** A whole number as typed, Arabic-Indic digits too (parseDecimal reads the decimals so). */
const wholeNumber = (text: string) => Number(westernDigits(text));

/** The RPEs the logger offers, as Strong and Hevy do: 6 (could do four more) to 10 (nothing left). */
export const RPE_CHOICES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10];
