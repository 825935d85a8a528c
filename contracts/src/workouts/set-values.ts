import type { UpdateSetBody } from './api.ts';
import type { SetType, SetValues, SetValuesShown } from './sets.ts';

/*
 * Turning a set's request into its values, and its values into what the API shows, without
 * typebox: the logger's offline queue (frontend) builds sets with these, on the first screen,
 * where the schemas' builder must not load (first-screen-imports.test.ts). sets.ts re-exports them.
 */

/** Every set type, in the order the logger's badge cycles through them. */
export const SET_TYPES: readonly SetType[] = ['working', 'warmup', 'drop', 'failure'];

/** The set's fields in the API's order: the schema's own keys (sets.test.ts holds them equal). */
export const SHOWN_FIELDS: readonly (keyof SetValuesShown)[] = [
  'reps',
  'weight',
  'rest_time',
  'type',
  'notes',
  'duration',
  'distance',
  'rpe',
];
const eventName = (field: keyof SetValuesShown) => (field === 'rest_time' ? 'restTime' : field);

/** What a logged set holds for each field its request leaves out. */
const DEFAULTS: Omit<SetValues, 'reps'> = {
  weight: null,
  restTime: null,
  type: 'working',
  notes: null,
  duration: null,
  distance: null,
  rpe: null,
};

/** The fields a request sends, in the events' names; an empty weight means bodyweight. */
export function setChangesFromBody(body: UpdateSetBody): Partial<SetValues> {
  const { weight, rest_time, ...same } = body;
  return {
    ...same,
    ...(weight !== undefined && { weight: weight === '' ? null : weight }),
    ...(rest_time !== undefined && { restTime: rest_time }),
  };
}

/** A set as logged from its request: what the body leaves out takes its default. */
export function setValuesFromBody(body: UpdateSetBody & { reps: number }): SetValues {
  return { ...DEFAULTS, ...setChangesFromBody(body), reps: body.reps };
}

/** Set values under the API's names, from the events' (only the set's fields, in the API's order). */
export function shownSetValues(values: SetValues): SetValuesShown;
export function shownSetValues(values: Partial<SetValues>): Partial<SetValuesShown>;
export function shownSetValues(values: Partial<SetValues>): Partial<SetValuesShown> {
  const shown: Record<string, unknown> = {};
  for (const field of SHOWN_FIELDS) {
    const value = values[eventName(field)];
    if (value !== undefined) shown[field] = value;
  }
  return shown as Partial<SetValuesShown>;
}
