import {
  ANY,
  type AppendExpectedRevision,
  NO_STREAM,
  type Position,
  type ReadPosition,
  START,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import { type EventMetadata, type RecordedEvent, upcast } from '@fitness/contracts';
import type { ExpectedRevision } from '../event-store.ts';

/**
 * Reading EventStoreDB's records as ours: positions (see eventstoredb-event-store.ts for why a
 * commit position is one), expected revisions, system events, recorded events at their current
 * versions, and link events.
 */

/** What this adapter reads of an EventStoreDB recorded event (stream reads and $all reads alike). */
export type StoredEvent = {
  id: string;
  streamId: string;
  type: string;
  revision: bigint;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
};

/** EventStoreDB's "no position known" marker (ulong max). */
const NO_POSITION = 2n ** 64n - 1n;

export function positionOf(event: StoredEvent): number {
  const position = event.position;
  if (!position || position.commit === NO_POSITION) {
    throw new Error(`Event ${event.id} in ${event.streamId} has no log position (EventStoreDB older than 22.6?)`);
  }
  if (position.commit !== position.prepare) {
    throw new Error(
      `Event ${event.id} in ${event.streamId} was written by an explicit transaction (commit ${position.commit} ≠ prepare ${position.prepare}); its position cannot be a single number`,
    );
  }
  return toNumber(position.commit);
}

export function toNumber(position: bigint): number {
  if (position > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`Log position ${position} exceeds 2^53`);
  return Number(position);
}

export function toReadPosition(after: number): ReadPosition {
  if (after === 0) return START;
  const position = BigInt(after);
  return { commit: position, prepare: position };
}

export function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) throw new Error(`Invalid expected revision: ${expected}`);
      return BigInt(expected);
  }
}

/**
 * A system stream: the server's ($streams, $scavengePoints, projection streams), the `$$`
 * metadata stream of every stream with metadata (each erasure writes one), and this adapter's
 * erasure journal. None holds events of ours.
 */
export const isSystemStream = (streamId: string) => streamId.startsWith('$');

/** A system event: in a system stream, or of a system type (links `$>`, an erasure's marker). */
export const isSystemEvent = (event: StoredEvent) => isSystemStream(event.streamId) || event.type.startsWith('$');

/** An event as stored, read at its type's current version (upcast from the one it was written at). */
export function toRecorded(event: StoredEvent): RecordedEvent {
  if (!event.isJson || !isObject(event.data) || !isObject(event.metadata)) {
    throw new Error(`Event ${event.id} in ${event.streamId} does not carry JSON object data and metadata`);
  }
  return upcast({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOf(event),
    recordedAt: event.created.toISOString(),
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** A link event's data is "<revision>@<stream name>". */
export function parseLink(data: unknown) {
  const text = data instanceof Uint8Array ? Buffer.from(data).toString('utf8') : String(data);
  const at = text.indexOf('@');
  if (at < 1) throw new Error(`Malformed link in $streams: ${text}`);
  return { revision: BigInt(text.slice(0, at)), streamId: text.slice(at + 1) };
}
