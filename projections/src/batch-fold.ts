import { type ChangeNotice, type RecordedEvent, USER_DELETED } from '@fitness/contracts';
import { type Document, type DocumentWrite, POSITION_FIELD, type ReadStore } from '@fitness/stores';
import { batchWrites } from './batch-writes.ts';
import { type DeletedUsers, deletedUserRow } from './deleted-users.ts';
import {
  type ManyDocumentProjection,
  ownerOf,
  type ProjectionBatch,
  type ProjectionDocuments,
  type ProjectionLog,
} from './projection.ts';
import { type RecentDocuments, recalled, recentEntries } from './recent-documents.ts';

/** One projection as the runner follows it. */
export type Follower = {
  projection: ManyDocumentProjection;
  position: number;
  /** Part of the shared subscription; a projection being rebuilt or retried alone is not. */
  attached: boolean;
  recent: RecentDocuments;
};

/** What folding a batch into one projection produced, committed with the others' afterwards. */
export type Folded = {
  follower: Follower;
  writes: DocumentWrite[];
  notices: ChangeNotice[];
  documents: Map<string, Document | null>;
  /** What the batch read from the store and did not change: still what the store holds after it. */
  loaded: Map<string, Document | null>;
  erasing: boolean;
};

/** What a fold reads and shares with the runner. */
export type FoldContext = {
  /** What the folds read, through the store's writer where it has one (see `writerReads`). */
  reads: Pick<ReadStore, 'get' | 'find'>;
  /** What the folds read of the log. */
  log: ProjectionLog;
  /** Updated as the fold meets account deletions. */
  deletedUsers: DeletedUsers;
  /** The fold yields to the event loop after each this many events. */
  yieldEvery: number;
  changesInPlace: boolean;
};

/** What a batch does to one projection's documents, without writing anything. */
export async function foldBatch(follower: Follower, events: RecordedEvent[], context: FoldContext): Promise<Folded> {
  const { projection } = follower;
  const { reads, deletedUsers } = context;
  const collection = projection.collection.name;
  // What the batch made of each document it changed, as the projection returned it; stamped
  // with its position once, at the end, however many of the batch's events changed it.
  const documents = new Map<string, Document | null>();
  const lastChange = new Map<string, RecordedEvent>();
  const before = new Map<string, Document | null>();

  // What the batch read from the store and has not written (null: not there): a document
  // every event reads and few change (the actor's row in admin_users) is read once a batch.
  // Only this fold writes the collection while it runs, so what was read stays true.
  const loaded = new Map<string, Document | null>();
  /** What the batch already knows of a document (null: not there), undefined if it must be read. */
  const known = (id: string): Document | null | undefined => {
    if (documents.has(id)) return documents.get(id) ?? null;
    const kept = recalled(follower.recent, id);
    return kept !== undefined ? kept : loaded.get(id);
  };
  const read = async (id: string): Promise<Document | null> => {
    const found = await reads.get(collection, id);
    loaded.set(id, found);
    return found;
  };
  // Not async functions: a fold makes these calls for every event and projection, and
  // each async layer is one more promise for the collector.
  const load = (id: string): Promise<Document | null> => {
    const hit = known(id);
    return hit === undefined ? read(id) : Promise.resolve(hit);
  };
  const record = (id: string, current: Document | null, evolved: Document | null, event: RecordedEvent) => {
    // The very document back (an event it ignores): nothing to write or announce.
    if (evolved === current) return;
    if (!before.has(id)) before.set(id, current);
    documents.set(id, evolved);
    lastChange.set(id, event);
  };
  // A document the batch changed is at its last change's position (what it holds may carry
  // an older one, spread from the stored document); any other at the one it was stored with.
  const positionOf = (id: string, current: Document) => lastChange.get(id)?.position ?? Number(current[POSITION_FIELD]);
  const isNewer = (id: string, current: Document | null, event: RecordedEvent) =>
    !current || positionOf(id, current) < event.position;

  /**
   * Folds one step (an event, or the batch's finish at `event`, the last event it handled)
   * into the batch's documents, staging what it touches until the step is over.
   */
  const step = async (event: RecordedEvent, run: (view: ProjectionDocuments) => Promise<void>, finishing: boolean) => {
    const staged = new Map<string, Document | null>();
    const view: ProjectionDocuments = {
      get: (id) => (staged.has(id) ? Promise.resolve(staged.get(id) ?? null) : load(id)),
      set: (id, document) => {
        staged.set(id, document);
      },
    };
    await run(view);
    for (const [id, evolved] of staged) {
      const hit = known(id);
      const current = hit === undefined ? await read(id) : hit;
      // The finish writes at its last event, which may have written the document already.
      const stale = finishing ? !!current && positionOf(id, current) > event.position : !isNewer(id, current, event);
      if (stale) continue;
      const owner = evolved && ownerOf(projection, evolved);
      const deletedAt = owner ? deletedUsers.get(owner) : undefined;
      record(id, current, deletedAt !== undefined && event.position > deletedAt ? null : evolved, event);
    }
  };
  const batch: ProjectionBatch = new Map();
  let lastHandled: RecordedEvent | null = null;
  const finish = async () => {
    const finishing = projection.finish;
    if (finishing && lastHandled && batch.size > 0) {
      await step(lastHandled, (view) => finishing(view, batch), true);
    }
    batch.clear();
  };

  let erasing = false;
  // The deleted accounts' rows first (as the batch meets them), then the documents it changed.
  const writes: DocumentWrite[] = [];
  let sinceYield = 0;
  for (const event of events) {
    // The stores may answer synchronously (SQLite): a long batch lets requests in as it goes.
    if (++sinceYield > context.yieldEvery) {
      sinceYield = 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (event.position <= follower.position) continue;
    if (event.type === USER_DELETED) {
      // What the batch left for later is done first: the deletion then takes it away too.
      await finish();
      erasing = true;
      // Account deletion is every projection's business: what the user owned goes, whatever
      // the collection, found by its owner field (committed documents and this batch's alike).
      const userId = String(event.data.userId);
      deletedUsers.set(userId, event.position);
      writes.push(deletedUserRow(userId, event.position));
      const owns = (document: Document | null | undefined) => !!document && ownerOf(projection, document) === userId;
      // What the store holds, then what this runner wrote since (recent) or in this batch.
      const owned = new Map<string, Document | null>();
      for (const document of await reads.find(collection, { where: { [projection.ownerField]: userId } })) {
        owned.set(document.id, document);
      }
      for (const [id, document] of [...recentEntries(follower.recent), ...documents]) {
        if (owned.has(id) || owns(document)) owned.set(id, document);
      }
      for (const [id, current] of owned) {
        if (owns(current) && isNewer(id, current, event)) record(id, current, null, event);
      }
      continue;
    }
    if (!projection.handles.includes(event.type)) continue;
    lastHandled = event;
    await step(event, (view) => projection.apply(event, view, batch, context.log), false);
  }
  await finish();
  const changed = batchWrites(projection, { documents, lastChange, before }, context.changesInPlace);
  return { follower, writes: writes.concat(changed.writes), notices: changed.notices, documents, loaded, erasing };
}
