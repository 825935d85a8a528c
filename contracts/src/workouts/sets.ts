import { type Static, Type } from 'typebox';
import type { UpdateSetBody } from './api.ts';

export * from './set-limits.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * What a set records, declared once: here as the API shows it (a workout document's sets).
 * Events carry the same values under camelCase names (`SetValues`, derived below), and request
 * bodies send them with looser input rules (`LogSetBody`: an empty weight for bodyweight, and
 * defaults for what is left out), turned into values by `setValuesFromBody`.
 */
export const SetValuesShown = Type.Object({
  reps: Type.Integer(),
  /** Kilograms; null means bodyweight. */
  weight: Nullable(Type.Number()),
  /** Seconds of rest after the set. */
  rest_time: Nullable(Type.Integer()),
  /** Warm-ups never count towards records; drop sets and sets to failure do, as working sets. */
  type: Type.Union([Type.Literal('warmup'), Type.Literal('working'), Type.Literal('drop'), Type.Literal('failure')]),
  notes: Nullable(Type.String()),
  /** Seconds, for timed exercises. */
  duration: Nullable(Type.Integer()),
  /** Metres, for distance exercises. */
  distance: Nullable(Type.Number()),
  /** How hard the set felt: rate of perceived exertion, 1 to 10 in half steps; null when not rated. */
  rpe: Nullable(Type.Number()),
});
export type SetValuesShown = Static<typeof SetValuesShown>;

/** Event data names fields in camelCase: `rest_time` is the one set field whose name differs. */
type EventName<K extends PropertyKey> = K extends 'rest_time' ? 'restTime' : K;
const eventName = (field: keyof SetValuesShown) => (field === 'rest_time' ? 'restTime' : field);

/** A set's values as the events carry them (SetLogged, and SetChanged's changes). */
export type SetValues = { [K in keyof SetValuesShown as EventName<K>]: SetValuesShown[K] };
export type SetType = SetValues['type'];

/** Every set type, in the order the logger's badge cycles through them. */
export const SET_TYPES: readonly SetType[] = ['working', 'warmup', 'drop', 'failure'];

const SHOWN_FIELDS = Object.keys(SetValuesShown.properties) as (keyof SetValuesShown)[];

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
