import { type DomainEvent, type RecordedEvent, streamCategory } from '@fitness/contracts';
import {
  bodyWeightProjection,
  exercisesProjection,
  favoritesProjection,
  foldDocument,
  foodsProjection,
  mealsProjection,
  type Projection,
  stepsProjection,
  templatesProjection,
  usersProjection,
  waterProjection,
  workoutsProjection,
} from '@fitness/projections';
import { bodyWeightDecider } from './body-weight/decide.ts';
import { exerciseDecider, favoritesDecider } from './exercises/decide.ts';
import { foodDecider } from './foods/decide.ts';
import { mealDecider } from './meals/decide.ts';
import { stepsDecider } from './steps/decide.ts';
import { templateDecider } from './templates/decide.ts';
import { userDecider } from './users/decide.ts';
import { waterDecider } from './water/decide.ts';
import { workoutDecider } from './workouts/decide.ts';

type Aggregate = {
  evolve(state: never, event: never): unknown;
  initialState(): unknown;
  projection: Projection;
  /** Fields never shown: secrets stay secret in a terminal and in the explorer too. */
  redact: string[];
};

const aggregate = (
  decider: Pick<Aggregate, 'evolve' | 'initialState'>,
  projection: unknown,
  redact: string[] = [],
): Aggregate => ({
  evolve: decider.evolve,
  initialState: decider.initialState,
  projection: projection as Projection,
  redact,
});

/** Every aggregate by its stream category. Streams of other categories (claims, reservations) have no state. */
const aggregates: Record<string, Aggregate> = {
  user: aggregate(userDecider, usersProjection, ['tokens']),
  workout: aggregate(workoutDecider, workoutsProjection),
  meal: aggregate(mealDecider, mealsProjection),
  water: aggregate(waterDecider, waterProjection),
  steps: aggregate(stepsDecider, stepsProjection),
  'body-weight': aggregate(bodyWeightDecider, bodyWeightProjection),
  exercise: aggregate(exerciseDecider, exercisesProjection),
  favorites: aggregate(favoritesDecider, favoritesProjection),
  template: aggregate(templateDecider, templatesProjection),
  food: aggregate(foodDecider, foodsProjection),
};

export type StateAtRevision = {
  revision: number;
  /** When the store recorded the last event folded; null before the stream's first event. */
  at: string | null;
  /** The write side's state, or null for a stream without an aggregate. */
  state: unknown;
  /** The read model's document as the projection folds those events alone; null when none. */
  document: unknown;
  /** For a stream without an aggregate: its events up to the revision. */
  events: { type: string; data: unknown }[] | null;
};

/**
 * An aggregate as it was at a revision: the write side's state (what its rules saw) and the
 * read model document (what users saw), folded from the stream's events up to that revision,
 * secrets redacted. `npm run es -- state` and the admin event explorer both show this.
 */
export function stateAt(streamId: string, events: RecordedEvent[], revision: number): StateAtRevision {
  const upTo = events.filter((event) => event.revision <= revision);
  const at = upTo.at(-1)?.recordedAt ?? null;
  const found = aggregates[streamCategory(streamId)];
  if (!found) {
    return {
      revision,
      at,
      state: null,
      document: null,
      events: upTo.map((e) => ({ type: e.type, data: redactSecrets(e.data) })),
    };
  }
  const state = upTo.reduce<unknown>(
    (s, event) => found.evolve(s as never, event as unknown as DomainEvent as never),
    found.initialState(),
  );
  return {
    revision,
    at,
    state: JSON.parse(JSON.stringify(state, plain(found.redact))),
    document: JSON.parse(JSON.stringify(foldDocument(found.projection, upTo), plain(found.redact)) ?? 'null'),
    events: null,
  };
}

/**
 * A push subscription's endpoint (a capability URL naming the user's browser) and keys (what a
 * push to it is encrypted for): nothing an admin needs to read, so shown no more than a hash.
 */
const PUSH_SUBSCRIPTION_SECRETS = new Set(['endpoint', 'keys']);

/** Whether a field holds a secret: a hash of a password or a token, or what reaches a user's browser. */
const secret = (key: string) => /hash$/i.test(key) || PUSH_SUBSCRIPTION_SECRETS.has(key);

/** An event's data as the tools show it: every secret (hashes, push subscriptions) redacted. */
export function redactSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data, (key, value) => (secret(key) ? '[redacted]' : value)));
}

/** JSON replacer: Maps and Sets as plain objects and arrays, secrets and redacted fields hidden. */
function plain(redact: string[]) {
  return (key: string, value: unknown) => {
    if (redact.includes(key) || secret(key)) return '[redacted]';
    if (value instanceof Map) return Object.fromEntries(value);
    if (value instanceof Set) return [...value];
    return value;
  };
}
