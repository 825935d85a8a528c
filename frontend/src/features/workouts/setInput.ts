import { type Units, weightToKg } from '../../lib/units.ts';
import type { SetInput } from './types.ts';

export type SetDraft = { reps: string; weight: string; rest: string; type: 'warmup' | 'working' };

export type SetDraftResult = { ok: true; input: SetInput } | { ok: false; field: 'reps' | 'weight' | 'rest' };

/**
 * Reads what the user typed into a set. Reps must be a whole number above 0 (spec section 5);
 * an empty weight means bodyweight; weights are typed in the user's units and sent in kg.
 */
export function readSetDraft(draft: SetDraft, units: Units): SetDraftResult {
  const reps = Number(draft.reps);
  if (draft.reps.trim() === '' || !Number.isInteger(reps) || reps <= 0 || reps > 10000)
    return { ok: false, field: 'reps' };
  let weight: number | null = null;
  if (draft.weight.trim() !== '') {
    const typed = Number(draft.weight.replace(',', '.'));
    if (!Number.isFinite(typed) || typed < 0) return { ok: false, field: 'weight' };
    weight = weightToKg(typed, units);
    if (weight > 2000) return { ok: false, field: 'weight' };
  }
  let restTime: number | null = null;
  if (draft.rest.trim() !== '') {
    restTime = Number(draft.rest);
    if (!Number.isInteger(restTime) || restTime < 0 || restTime > 3600) return { ok: false, field: 'rest' };
  }
  return { ok: true, input: { reps, weight, rest_time: restTime, type: draft.type } };
}
