import type { NewEvent } from '@fitness/contracts';
import { type AppendResult, type ExpectedRevision, WrongExpectedRevisionError } from '../event-store.ts';
import { type EventLogStatements, recordSize } from './sqlite-event-store-schema.ts';

/**
 * The appends of one group commit (see SqliteEventStore.flushAppends). Each append checks its
 * expected revision, and looks for an earlier append of its ids unless they are fresh, before
 * it writes anything: a refused one writes nothing and leaves the others of the group
 * untouched, without a savepoint each.
 */

export type PendingAppend = {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  freshIds: boolean;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};
/** An append's rows, serialised before the group's transaction so that one that cannot be fails alone. */
export type PreparedAppend = PendingAppend & {
  rows: { id: string; type: string; data: string; metadata: string; size: number }[];
};
export type AppendOutcome = { ok: true; result: AppendResult & { repeated: boolean } } | { ok: false; error: unknown };

/** Serialises an append's events before the group's transaction, so that one that cannot be fails alone. */
export function prepareAppend(append: PendingAppend): PreparedAppend {
  return { ...append, rows: append.events.map((event) => serialise(append.streamId, event)) };
}

function serialise(streamId: string, event: NewEvent) {
  const data = JSON.stringify(event.data);
  const metadata = JSON.stringify(event.metadata);
  if (data === undefined || metadata === undefined) throw new Error(`Event ${event.id} has no data or metadata`);
  const { type } = event;
  return { id: event.id, type, data, metadata, size: recordSize({ streamId, type, data, metadata }) };
}

/**
 * Where the group's transaction gives out positions from: the largest given out before it, by
 * any connection or process (read inside the write transaction, which holds the file's lock).
 */
export type LogEnd = { position: number };

export function logEnd(statements: EventLogStatements): LogEnd {
  return { position: statements.lastGivenOut.get() ?? 0 };
}

/**
 * One append of a group, in the group's transaction: refused before it writes, or written whole.
 * Each event's position is `end`'s plus its record's size, and `end` moves there.
 */
export function writeAppend(statements: EventLogStatements, end: LogEnd, append: PreparedAppend): AppendOutcome {
  const { streamId, expected, rows } = append;
  try {
    const repeat = append.freshIds ? null : findRepeat(statements, streamId, rows);
    if (repeat) return { ok: true, result: { ...repeat, repeated: true } };
    const current = statements.streamRevision.get(streamId) ?? -1;
    assertExpected(streamId, expected, current);
    const recordedAt = new Date().toISOString();
    const repeatable = append.freshIds ? 0 : 1;
    let revision = current;
    for (const row of rows) {
      revision += 1;
      end.position += row.size;
      statements.insertEvent.run(
        end.position,
        row.id,
        streamId,
        revision,
        row.type,
        row.data,
        row.metadata,
        recordedAt,
        repeatable,
      );
    }
    return { ok: true, result: { nextExpectedRevision: revision, position: end.position, repeated: false } };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return { ok: false, error };
    throw error;
  }
}

/** An append whose event ids are all already in this stream is a repeat of an earlier one. */
function findRepeat(statements: EventLogStatements, streamId: string, rows: { id: string }[]) {
  const found = rows.map((row) => statements.repeatableById.get(row.id));
  if (found.every((row) => row === undefined)) return null;
  const last = found.at(-1);
  if (found.every((row) => row?.stream_id === streamId) && last) {
    return { nextExpectedRevision: last.revision, position: last.position };
  }
  throw new WrongExpectedRevisionError(streamId, 'any', statements.streamRevision.get(streamId) ?? 'no_stream');
}

function assertExpected(streamId: string, expected: ExpectedRevision, current: number) {
  const actual = current < 0 ? 'no_stream' : current;
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current < 0) ||
    (expected === 'stream_exists' && current >= 0) ||
    expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}
