import {
  type EventStoreDBClient,
  FORWARDS,
  START,
  StreamDeletedError,
  StreamNotFoundError,
} from '@eventstore/db-client';
import { isSystemStream, parseLink, positionOf, type StoredEvent } from './esdb-records.ts';
import { streamEnd } from './stream-erasure.ts';

/**
 * Only `$streams` runs: the deployment starts the projection subsystem without the standard
 * projections (EVENTSTORE_RUN_PROJECTIONS=System, EVENTSTORE_START_STANDARD_PROJECTIONS=false),
 * which then creates them disabled (ProjectionManager.CreateSystemProjections); the others
 * write two or three links per event that every $all read passes over. Enabling a running
 * projection answers Updated (ManagedProjection.Handle(Command.Enable)), so this is idempotent.
 * A subsystem still starting does not answer at all (ProjectionManager.Handle(Command.Enable)
 * returns while !_projectionsStarted), which the client's deadline turns into DeadlineExceeded,
 * and answers NotFound before it has created the projection: the caller retries both.
 */
export async function enableStreamsProjection(client: EventStoreDBClient) {
  await client.enableProjection('$streams');
}

/** Reads $all backwards from the end, system events included (the adapter's scanAll). */
type ScanBackwards = () => AsyncIterable<StoredEvent>;

/**
 * Stream names with their last revision, for the developer tools. Names come from the
 * `$streams` system projection (one link per stream, written in log order; the adapter enables
 * it at start), which lags the log a little, so the log is also scanned backwards down to the
 * first event of the last domain stream it linked: streams created since are in that tail.
 * Without the projection the whole log is scanned. Then one read per listed stream fetches its
 * last revision (and drops deleted streams).
 *
 * `$streams` also links system streams, among them the `$$` metadata stream every erasure
 * writes, whose events are not ours to read: they are skipped.
 *
 * Cost: reads every link in `$streams` (one per stream ever created) plus the tail of $all,
 * or all of $all without the projection. Acceptable for the developer tools, its only user;
 * never call it on a request path.
 */
export async function listStreams(
  client: EventStoreDBClient,
  scanBackwards: ScanBackwards,
  options: { prefix?: string; limit: number },
) {
  const prefix = options.prefix ?? '';
  const { names, coveredUpTo } = await streamsFromProjection(client);
  for await (const event of scanBackwards()) {
    if (positionOf(event) <= coveredUpTo) break;
    if (!isSystemStream(event.streamId) && !event.type.startsWith('$')) names.add(event.streamId);
  }
  const matching = [...names].filter((name) => name.startsWith(prefix)).sort();
  const streams: { streamId: string; revision: number }[] = [];
  for (const streamId of matching) {
    if (streams.length >= options.limit) break;
    const revision = await lastRevision(client, streamId);
    if (revision !== null) streams.push({ streamId, revision });
  }
  return streams;
}

/** Domain stream names linked from `$streams`, and the $all position up to which that list is complete. */
async function streamsFromProjection(client: EventStoreDBClient) {
  const names = new Set<string>();
  let last: { streamId: string; revision: bigint } | null = null;
  try {
    for await (const resolved of client.readStream('$streams', { direction: FORWARDS, fromRevision: START })) {
      if (!resolved.event) continue;
      const link = parseLink(resolved.event.data);
      if (isSystemStream(link.streamId)) continue;
      last = link;
      names.add(link.streamId);
    }
  } catch (error) {
    // The projection is not running (or never ran): scan the whole log instead.
    if (error instanceof StreamNotFoundError) return { names, coveredUpTo: 0 };
    throw error;
  }
  if (!last) return { names, coveredUpTo: 0 };
  const linked = await eventAt(client, last.streamId, last.revision);
  // The linked event is gone (stream deleted or truncated): trust nothing, scan everything.
  return { names, coveredUpTo: linked ? positionOf(linked) : 0 };
}

async function eventAt(client: EventStoreDBClient, streamId: string, revision: bigint) {
  try {
    for await (const resolved of client.readStream(streamId, {
      direction: FORWARDS,
      fromRevision: revision,
      maxCount: 1,
    })) {
      if (resolved.event?.revision === revision) return resolved.event;
    }
    return null;
  } catch (error) {
    if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return null;
    throw error;
  }
}

/** The revision of a stream's last domain event; null when it has none to show. */
async function lastRevision(client: EventStoreDBClient, streamId: string): Promise<number | null> {
  const end = await streamEnd(client, streamId);
  // A stream that ends with a system event (an erasure's marker) ends with nothing of ours.
  return end && !end.type.startsWith('$') ? end.revision : null;
}
