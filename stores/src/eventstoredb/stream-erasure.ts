import {
  BACKWARDS,
  END,
  type EventStoreDBClient,
  jsonEvent,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { StreamErasure } from '../event-store.ts';
import { planErasure, type StreamEnd } from './erased-streams.ts';
import { streamIsAbsent, truncationToWrite } from './esdb-answers.ts';
import { toNumber } from './esdb-records.ts';

/**
 * The last event of a wholly erased stream: a scavenge keeps the last event of every deleted
 * stream (to know its last revision), so this one, which holds nothing, is what stays. A system
 * event type, so no read of the adapter's returns it.
 */
export const ERASED_MARKER = '$erased';

/** Plans made again when a writer comes in between, before giving up (the erasure is retried). */
const MAX_PLANS = 3;

/**
 * Erases one stream's events through a revision (see planErasure). Returns the log position of
 * its last write, for the scavenge that must follow it, or 0 when there was nothing to do.
 */
export async function eraseStream(client: EventStoreDBClient, { streamId, throughRevision }: StreamErasure) {
  for (let attempt = 0; attempt < MAX_PLANS; attempt++) {
    const plan = planErasure(await streamEnd(client, streamId), throughRevision, ERASED_MARKER);
    if (plan.kind === 'nothing') return 0;
    if (plan.kind === 'truncate') return truncate(client, streamId, plan.before);
    try {
      if (plan.appendMarkerAfter !== null) {
        await client.appendToStream(streamId, jsonEvent({ type: ERASED_MARKER, data: {}, metadata: {} }), {
          expectedRevision: BigInt(plan.appendMarkerAfter),
        });
      }
      const deleted = await client.deleteStream(streamId, { expectedRevision: BigInt(plan.deleteAt) });
      return deleted.position ? toNumber(deleted.position.commit) : 0;
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return 0;
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (streamIsAbsent(error)) return 0;
      // A writer came in between: plan again from the stream's new end.
    }
  }
  throw new Error(`${streamId} kept changing while it was being erased; the erasure is to be run again`);
}

/** `$tb` hides the events before it at once; it is never lowered (see truncationToWrite). */
async function truncate(client: EventStoreDBClient, streamId: string, before: number) {
  const { metadata } = await client.getStreamMetadata(streamId);
  const truncateBefore = truncationToWrite(metadata?.truncateBefore, before);
  if (truncateBefore === null) return 0;
  // Setting stream metadata replaces all of it, so the rest is kept as it was.
  const written = await client.setStreamMetadata(streamId, { ...(metadata ?? {}), truncateBefore });
  return written.position ? toNumber(written.position.commit) : 0;
}

/** A stream's last event, whatever its type; null when the stream is absent or deleted. */
export async function streamEnd(client: EventStoreDBClient, streamId: string): Promise<StreamEnd> {
  try {
    for await (const resolved of client.readStream(streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      if (resolved.event) return { revision: Number(resolved.event.revision), type: resolved.event.type };
    }
    return null;
  } catch (error) {
    if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return null;
    throw error;
  }
}
