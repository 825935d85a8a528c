import type { DocumentChange } from '@fitness/contracts';
import type { AnyBulkWriteOperation, Filter } from 'mongodb';
import { type Document, type DocumentWrite, POSITION_FIELD, type Where } from '../read-store.ts';
import { LEASES } from './mongodb-lease.ts';

/** A document as MongoDB holds it: the id as `_id`. */
export type StoredDocument = { _id: string; [field: string]: unknown };

/**
 * Our documents, writes and filters as MongoDB's: a batch's writes as bulk operations guarded
 * by position, an equality filter, a stored document back as ours, and the names that may go
 * into a query as keys.
 */

/**
 * Groups writes by collection, keeping their order within each (the same document may be
 * written twice in a batch); different collections hold different documents, so their relative
 * order does not matter.
 */
export function toOperations(writes: DocumentWrite[]) {
  const operations = new Map<string, AnyBulkWriteOperation<StoredDocument>[]>();
  for (const write of writes) {
    const name = collectionName(write.collection);
    let batch = operations.get(name);
    if (!batch) {
      batch = [];
      operations.set(name, batch);
    }
    batch.push(
      write.op === 'delete'
        ? deleteOperation(write.id, write.position)
        : (write.op === 'patch' && patchOperation(write.document, write.changes)) || upsertOperation(write.document),
    );
  }
  return operations;
}

/**
 * Replaces the document only if what is stored reflects an earlier position (or nothing).
 * A filter on `_position` with `upsert: true` would instead try to insert a second document
 * with the same `_id` when the stored one is newer, and inside a transaction that duplicate-key
 * error aborts the whole transaction (SERVER-34059). So the filter matches on `_id` alone and
 * an update pipeline keeps the newer document (`$$ROOT`) or puts in the new one; `$literal`
 * stops MongoDB reading `$`-prefixed strings in the document as field paths.
 */
function upsertOperation(document: Document): AnyBulkWriteOperation<StoredDocument> {
  const position = document[POSITION_FIELD];
  if (typeof position !== 'number' || !Number.isFinite(position)) {
    throw new Error(`Document ${document.id} has no numeric ${POSITION_FIELD}`);
  }
  const { id, ...fields } = document;
  const stored = { ...fields, _id: id };
  return {
    updateOne: {
      filter: { _id: { $eq: id } },
      update: [
        {
          $replaceWith: {
            $cond: {
              if: { $lt: [{ $ifNull: [`$${POSITION_FIELD}`, -1] }, position] },
              // biome-ignore lint/suspicious/noThenProperty: MongoDB's $cond is spelled if/then/else
              then: { $literal: stored },
              else: '$$ROOT',
            },
          },
        },
      ],
      upsert: true,
    },
  };
}

/**
 * A patch as one update of the stored document in place ($set, $unset, $push, $pull; an element
 * of an array found by its id through arrayFilters), only where the stored document is older
 * (`_position`), so applying a batch again after a crash changes nothing. Null where MongoDB
 * could not take it in one update: two steps on one path or on a path and its parent (MongoDB
 * refuses such conflicts), a field name with a dot or a leading `$` in a path or a value (an
 * update reads those as paths and operators): the document is then written whole.
 */
function patchOperation(document: Document, changes: DocumentChange[]): AnyBulkWriteOperation<StoredDocument> | null {
  const position = document[POSITION_FIELD];
  if (typeof position !== 'number' || !Number.isFinite(position)) return null;
  const operators = { $set: {}, $unset: {}, $push: {}, $pull: {} } as Record<string, Record<string, unknown>>;
  const arrayFilters: Record<string, unknown>[] = [];
  const paths: string[] = [];
  for (const change of changes) {
    const parts: string[] = [];
    for (const step of change.path) {
      if (typeof step === 'string') {
        if (!isPlainKey(step)) return null;
        parts.push(step);
      } else {
        const name = `e${arrayFilters.length}`;
        arrayFilters.push({ [`${name}.id`]: { $eq: step.id } });
        parts.push(`$[${name}]`);
      }
    }
    const path = parts.join('.');
    if (paths.some((other) => other === path || other.startsWith(`${path}.`) || path.startsWith(`${other}.`))) {
      return null;
    }
    paths.push(path);
    if (change.op === 'set' || change.op === 'push') {
      if (!plainKeysOnly(change.value)) return null;
    }
    if (change.op === 'set') (operators.$set as Record<string, unknown>)[path] = change.value;
    else if (change.op === 'unset') (operators.$unset as Record<string, unknown>)[path] = '';
    else if (change.op === 'push') (operators.$push as Record<string, unknown>)[path] = change.value;
    else (operators.$pull as Record<string, unknown>)[path] = { id: { $eq: change.id } };
  }
  if (paths.includes(POSITION_FIELD) || paths.includes('_id')) return null;
  (operators.$set as Record<string, unknown>)[POSITION_FIELD] = position;
  const update = Object.fromEntries(Object.entries(operators).filter(([, fields]) => Object.keys(fields).length > 0));
  return {
    updateOne: {
      filter: { _id: { $eq: document.id }, [POSITION_FIELD]: { $lt: position } },
      update,
      ...(arrayFilters.length > 0 && { arrayFilters }),
    },
  };
}

/** A field name an update path can hold as it is. */
const isPlainKey = (key: string) => key.length > 0 && !key.includes('.') && !key.startsWith('$');

/** Whether every field name in a value is plain (see isPlainKey). */
function plainKeysOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainKeysOnly);
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([key, inner]) => isPlainKey(key) && plainKeysOnly(inner));
}

/** Deletes only a document older than the deleting event. */
function deleteOperation(id: string, position: number): AnyBulkWriteOperation<StoredDocument> {
  return { deleteOne: { filter: { _id: { $eq: id }, [POSITION_FIELD]: { $lt: position } } } };
}

/** Equality only, through `$eq` so no value is ever read as an operator; null also matches a missing field. */
export function toFilter(where: Where = {}): Filter<StoredDocument> {
  return Object.fromEntries(Object.entries(where).map(([field, value]) => [fieldName(field), { $eq: value }]));
}

export function fromStored<T extends Document>(stored: StoredDocument): T {
  const { _id, ...fields } = stored;
  return { ...fields, id: _id } as T;
}

/** Holds one document per projection: `{ _id: projection, position, version }`. */
export const CHECKPOINTS = 'checkpoints';
/** The change feed: `{ _id: sequence, notice }`. */
export const CHANGES = 'changes';
/** Holds `{ _id: 'changes', sequence }`, the last sequence handed out. */
export const COUNTERS = 'counters';
/** The store's own collections, which no read model may be named after. */
export const RESERVED = new Set([CHECKPOINTS, CHANGES, COUNTERS, LEASES]);

/** Collection and field names go into queries as keys, so they must be plain words. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function collectionName(name: string) {
  if (!IDENTIFIER.test(name) || RESERVED.has(name)) throw new Error(`Invalid collection name: ${name}`);
  return name;
}

export function fieldName(field: string) {
  if (field === 'id') return '_id';
  if (!IDENTIFIER.test(field)) throw new Error(`Invalid field name: ${field}`);
  return field;
}
