/**
 * The envelope every event travels in. Domain events are `{ type, data }` discriminated unions
 * declared next to their aggregate (see `workouts/events.ts`); the stores add the envelope fields.
 */
export type DomainEvent = { type: string; data: Record<string, unknown> };

export type EventMetadata = {
  /** The user whose command produced the event; null for system actions (seeding, CLI). */
  actorId: string | null;
  /** Idempotency key: re-running a command with the same id appends nothing new. */
  commandId: string;
  correlationId: string;
  /** ISO 8601 time the command was decided. */
  timestamp: string;
  /** Version of the event's data shape. A changed shape gets a new version and an upcaster (upcasting.ts). */
  schemaVersion: number;
};

/** An event as written: the domain event, its id and metadata. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & {
  id: string;
  metadata: EventMetadata;
};

/** An event as read back: where it sits in its stream (revision) and in the whole log (position). */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = NewEvent<E> & {
  streamId: string;
  /** 0-based index within the stream. */
  revision: number;
  /** Global, strictly increasing position in the whole log; > 0. */
  position: number;
  /** ISO 8601 time the store committed the event. */
  recordedAt: string;
};
