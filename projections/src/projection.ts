import type { DomainEvent, RecordedEvent } from '@fitness/contracts';
import { type CollectionDefinition, type Document, type EventStore, POSITION_FIELD } from '@fitness/stores';

/**
 * A read model built from events: one document per key, folded by a pure function.
 * `evolve` sees the current document (null if none) and returns the next one (null deletes it).
 * Being pure, the same function also serves the command side to answer with the document a
 * write produces, without waiting for the projection.
 */
export type Projection<D extends Document = Document, E extends DomainEvent = DomainEvent> = {
  name: string;
  /**
   * Raise it when `evolve` or the document's shape changes: on start, a projection whose stored
   * documents were built by another version is rebuilt from the log.
   */
  version: number;
  collection: CollectionDefinition;
  handles: readonly E['type'][];
  documentId(event: RecordedEvent<E>): string;
  evolve(current: D | null, event: RecordedEvent<E>): D | null;
  /**
   * The field naming the user who owns a document (null for shared ones, such as the system
   * exercises): pushes of its changes go to that user's sockets, and when the user deletes
   * their account the runner drops every document that names them here.
   */
  ownerField: string;
  /**
   * For a read model a screen shows as it is stored: its change notices carry the change itself
   * (see ChangeNotice), without `omit`, the fields its API answers leave out; a browser holding
   * the document then applies the change instead of fetching it again. Without it a notice only
   * says that the document changed.
   */
  live?: { omit: readonly string[] };
  /**
   * Whether a change to this document is announced at all (every document when left out): a
   * document the projection keeps for itself, which nobody reads but the projection, is not.
   */
  announces?(document: D): boolean;
};

/** The documents a many-document projection reads and writes while folding one event. */
export type ProjectionDocuments<D extends Document = Document> = {
  /** The document as the batch left it so far (this batch's writes first, then the store). */
  get(id: string): Promise<D | null>;
  /**
   * The document's next state; null deletes it. Only what is set is written and announced, so
   * leave alone a document the event does not change (see `sameDocument`).
   */
  set(id: string, document: D | null): void;
};

/**
 * A read model whose events touch several documents (e.g. a set changes one exercise's history
 * and its records). `apply` must give the same documents when an event is applied again to
 * documents that already saw it (set values, never count up), so re-application is harmless.
 */
export type ManyDocumentProjection<D extends Document = Document, E extends DomainEvent = DomainEvent> = Omit<
  Projection<D, E>,
  'documentId' | 'evolve'
> & {
  /**
   * `batch`: what the projection leaves for `finish`, one per batch. `log`: what it may read of
   * the event log (the runner always gives it; a test applying by hand may leave it out for a
   * projection that reads none).
   */
  apply(
    event: RecordedEvent<E>,
    documents: ProjectionDocuments<D>,
    batch: ProjectionBatch,
    log?: ProjectionLog,
  ): Promise<void>;
  /**
   * Work `apply` left for the end of the batch, done once however many of the batch's events
   * asked for it (a workout's sets change its exercises' histories once a batch, not once a
   * set). The runner calls it after the batch's last event, and before an account deletion,
   * with the documents as the batch left them; what it sets is written with the batch.
   */
  finish?(documents: ProjectionDocuments<D>, batch: ProjectionBatch): Promise<void>;
};

/**
 * What a projection may read of the event log while folding: instead of keeping, in a document
 * rewritten at every event, what it needs only at a later one (see the daily metrics' workouts).
 */
export type ProjectionLog = {
  /**
   * The events of `event`'s stream up to and including it, in order, at their current versions:
   * what the stream held when the event was appended, so a fold of them gives the same live and
   * on a rebuild. Empty, or without its oldest events, where the stream was erased (an account's
   * deletion, which the log holds after them).
   */
  streamUpTo(event: RecordedEvent): Promise<RecordedEvent[]>;
};

/** The log as the runner lets a projection read it. */
export function projectionLog(eventStore: Pick<EventStore, 'readStream'>): ProjectionLog {
  return {
    streamUpTo: async (event) => {
      const events = await eventStore.readStream(event.streamId, { maxCount: event.revision + 1 });
      // Erased events leave a stream shorter at its start, not its end: the read may pass the event.
      return events.filter((earlier) => earlier.revision <= event.revision);
    },
  };
}

/** What a projection keeps from one event to the next within a batch, by its own keys; empty at each batch's start. */
export type ProjectionBatch = Map<string, unknown>;

/** What the projection keeps in the batch under `key`: made by `create` the first time it is asked for. */
export function keptInBatch<T>(batch: ProjectionBatch, key: string, create: () => T): T {
  if (!batch.has(key)) batch.set(key, create());
  return batch.get(key) as T;
}

/** Any projection the runner can follow. */
export type AnyProjection = Projection | ManyDocumentProjection;

/**
 * Whether two documents hold the same content, their positions aside: for a many-document
 * projection to leave unchanged what it recomputed. Meant for small documents (it serialises both).
 */
export function sameDocument(a: Document | null, b: Document | null) {
  if (a === null || b === null) return a === b;
  const { [POSITION_FIELD]: _a, ...left } = a;
  const { [POSITION_FIELD]: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The user who owns a projection's document, or null for a shared one. */
export function ownerOf<D extends Document>(projection: Pick<Projection, 'ownerField'>, document: D): string | null {
  const owner = document[projection.ownerField];
  return typeof owner === 'string' ? owner : null;
}

/** Folds a stream's events through a projection, as the runner would, for one document. */
export function foldDocument<D extends Document, E extends DomainEvent>(
  projection: Projection<D, E>,
  events: RecordedEvent[],
): D | null {
  let document: D | null = null;
  for (const event of events) {
    if ((projection.handles as readonly string[]).includes(event.type)) {
      document = projection.evolve(document, event as RecordedEvent<E>);
    }
  }
  return document;
}

/** A one-document projection as the runner follows every projection: one event, one document. */
export function asManyDocument(projection: AnyProjection): ManyDocumentProjection {
  if ('apply' in projection) return projection;
  const single = projection as Projection;
  return {
    name: single.name,
    version: single.version,
    collection: single.collection,
    handles: single.handles,
    ownerField: single.ownerField,
    live: single.live,
    announces: single.announces,
    apply: async (event, documents) => {
      const id = single.documentId(event);
      documents.set(id, single.evolve(await documents.get(id), event));
    },
  };
}
