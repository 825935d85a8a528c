import { type ChangeNotice, type DocumentChange, diffDocuments, type RecordedEvent } from '@fitness/contracts';
import { type Document, type DocumentWrite, POSITION_FIELD } from '@fitness/stores';
import { type ManyDocumentProjection, ownerOf } from './projection.ts';

/** What folding a batch did to one projection's documents, before it is written. */
export type BatchChanges = {
  /** What the batch made of each document it changed, as the projection returned it (null: deleted). */
  documents: Map<string, Document | null>;
  /** Per document the batch changed, the event of its last change. */
  lastChange: Map<string, RecordedEvent>;
  /** Per document the batch changed, what the store held before the batch (null: nothing). */
  before: Map<string, Document | null>;
};

/** What a change leaves to the store: the position, which it keeps beside the document. */
const UNCHANGED_BY_THE_STORE = [POSITION_FIELD];

/**
 * The writes and change notices of the documents a batch changed. Each document is stamped with
 * its last change's position here, once, however many of the batch's events changed it (and
 * `documents` is updated to the stamped ones, which the runner remembers).
 */
export function batchWrites(
  projection: ManyDocumentProjection,
  { documents, lastChange, before }: BatchChanges,
  changesInPlace: boolean,
): { writes: DocumentWrite[]; notices: ChangeNotice[] } {
  const collection = projection.collection.name;
  const writes: DocumentWrite[] = [];
  const notices: ChangeNotice[] = [];
  for (const [id, event] of lastChange) {
    const evolved = documents.get(id) ?? null;
    const next = evolved && { ...evolved, [POSITION_FIELD]: event.position };
    documents.set(id, next);
    const was = before.get(id) ?? null;
    // What the batch changed in a stored document, said small (a set appended to a long
    // workout): pushed instead of the document, and written in place where the store can.
    const shown = next ?? was;
    // Worked out for what is pushed (a document the projection announces, of a read model
    // shown as stored) or written in place; not for a projection's own working documents.
    const announced = !!shown && (projection.announces?.(shown) ?? true);
    const pushed = announced && !!projection.live;
    const changes = next && was && (changesInPlace || pushed) ? diffDocuments(was, next, UNCHANGED_BY_THE_STORE) : null;
    writes.push(
      !next
        ? { collection, op: 'delete', id, position: event.position }
        : changes && changesInPlace
          ? { collection, op: 'patch', id, changes, document: next }
          : { collection, op: 'upsert', document: next },
    );
    if (shown && announced) {
      notices.push({
        model: collection,
        id,
        userId: ownerOf(projection, shown),
        op: next ? 'upsert' : 'delete',
        position: event.position,
        correlationId: event.metadata.correlationId ?? null,
        ...(next && pushed && projection.live && liveChange(next, changes, projection.live.omit)),
      });
    }
  }
  return { writes, notices };
}

/**
 * What a notice of a shown read model carries, in the API's shape: the steps of the change, or
 * the document whole when it is new or changed beyond a few steps.
 */
function liveChange(next: Document, changes: DocumentChange[] | null, omit: readonly string[]) {
  if (changes) {
    return { changes: changes.filter((change) => !omit.includes(change.path[0] as string)) };
  }
  const { [POSITION_FIELD]: _position, ...document } = next;
  for (const field of omit) delete document[field];
  return { document };
}
