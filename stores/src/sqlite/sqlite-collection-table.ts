import { type Document, POSITION_FIELD, type Where } from '../read-store.ts';
import { assertIdentifier } from './open-database.ts';

/**
 * A collection as SQLite holds it: a table of rows (`doc_<collection>`), the id and the indexed
 * fields in columns of their own, the document as JSON; how a field and a value are written in
 * SQL, and a row read back as a document.
 */

export const tableOf = (collection: string) => `doc_${assertIdentifier('collection', collection)}`;
/** A collection's table, the fields it keeps in columns (`f_<field>`), and the SQL of its per-document statements, written once. */
export type CollectionTable = { table: string; fields: string[]; upsert: string; select: string; remove: string };

export const fieldColumn = (field: string) => `f_${assertIdentifier('field', field)}`;

/**
 * A field as SQL: the id and the indexed fields are columns of their own, any other field is
 * read out of the JSON.
 */
export const columnOf = (known: CollectionTable, field: string) =>
  field === 'id'
    ? 'id'
    : known.fields.includes(field)
      ? fieldColumn(field)
      : `json_extract(data, '$.${assertIdentifier('field', field)}')`;

/**
 * A field's value as its column holds it: what `json_extract` gives for it, so a column and the
 * JSON compare alike (booleans as 1 and 0, objects and arrays as their JSON text, nothing as NULL).
 */
export function columnValue(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

/** Equality on each field of `where`, and, for a page after the first in id order, `id > afterId`. */
export function whereClause(known: CollectionTable, where: Where = {}, afterId?: string) {
  const parts: string[] = [];
  const values: (string | number | null)[] = [];
  if (afterId !== undefined) {
    parts.push('id > ?');
    values.push(afterId);
  }
  for (const [field, value] of Object.entries(where)) {
    const column = columnOf(known, field);
    if (value === null) {
      parts.push(`${column} IS NULL`);
    } else {
      parts.push(`${column} = ?`);
      // As the column holds it, and as json_extract gives it (booleans as 1 and 0).
      values.push(columnValue(value));
    }
  }
  return { clause: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
}

export function toDocument<T extends Document>(row: { data: string; position: number }): T {
  // Set on the parsed object itself: copying it to add one field was a visible share of every read.
  const document = JSON.parse(row.data);
  document[POSITION_FIELD] = row.position;
  return document as T;
}
