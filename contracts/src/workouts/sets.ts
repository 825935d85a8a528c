import { type Static, Type } from 'typebox';

export * from './set-limits.ts';
export * from './set-values.ts';

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

/** A set's values as the events carry them (SetLogged, and SetChanged's changes). */
export type SetValues = { [K in keyof SetValuesShown as EventName<K>]: SetValuesShown[K] };
export type SetType = SetValues['type'];
