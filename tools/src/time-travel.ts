import { userDecider, workoutDecider } from '@fitness/command-service';
import type { DomainEvent, RecordedEvent } from '@fitness/contracts';
import { foldDocument, type Projection, usersProjection, workoutsProjection } from '@fitness/projections';

type Aggregate = {
  evolve(state: never, event: never): unknown;
  initialState(): unknown;
  projection: Projection;
  /** Fields never printed: secrets stay secret in a terminal too. */
  redact: string[];
};

const aggregates: Record<string, Aggregate> = {
  workout: { ...workoutDecider, projection: workoutsProjection as unknown as Projection, redact: [] },
  user: { ...userDecider, projection: usersProjection as unknown as Projection, redact: ['passwordHash', 'tokens'] },
};

/**
 * An aggregate as it was at a revision: the write side's state (what its rules saw) and the
 * read model document (what users saw), folded from the stream's events up to that revision.
 */
export function stateAt(streamId: string, events: RecordedEvent[], revision: number) {
  const kind = streamId.split('-')[0] ?? '';
  const upTo = events.filter((event) => event.revision <= revision);
  const aggregate = aggregates[kind];
  if (!aggregate) return { revision, events: upTo.map((e) => ({ type: e.type, data: e.data })) };
  const state = upTo.reduce<unknown>(
    (s, event) => aggregate.evolve(s as never, event as unknown as DomainEvent as never),
    aggregate.initialState(),
  );
  return {
    revision,
    at: upTo.at(-1)?.recordedAt ?? null,
    state: JSON.parse(JSON.stringify(state, plain(aggregate.redact))),
    document: JSON.parse(JSON.stringify(foldDocument(aggregate.projection, upTo), plain(aggregate.redact))),
  };
}

/** JSON replacer: Maps and Sets as plain objects and arrays, redacted fields hidden. */
function plain(redact: string[]) {
  return (key: string, value: unknown) => {
    if (redact.includes(key)) return '[redacted]';
    if (value instanceof Map) return Object.fromEntries(value);
    if (value instanceof Set) return [...value];
    return value;
  };
}
