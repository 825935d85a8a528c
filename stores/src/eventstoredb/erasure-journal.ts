import {
  BACKWARDS,
  END,
  type EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  StreamNotFoundError,
} from '@eventstore/db-client';
import type { StreamErasure } from '../event-store.ts';
import { ErasedStreams, erasuresOf } from './erased-streams.ts';
import { positionOf, toNumber } from './esdb-records.ts';

/** The adapter's own record of erasures: a system stream, so domain reads never meet it. */
export const ERASURES_STREAM = '$fitness-erasures';
const ERASURE_RECORD = '$streams-erased';

/**
 * Erased streams, learned durably and across processes. Soft deletes and `$tb` hide events from
 * stream reads only; $all keeps returning them until a scavenge has run (and one that ran early
 * may not have reached them), so every process's $all reads skip what this journal names. It is
 * written before the erasure itself: when an erasure is answered, any read started after it
 * finds it here. A read refreshes the journal first (one stream read from where the last one
 * stopped, usually empty), so no process serves an erased event after the erasure was answered.
 *
 * The journal is kept for good: it names streams and revisions only (ids, never personal data).
 */
export class ErasureJournal {
  private readonly client: EventStoreDBClient;
  private readonly erased = new ErasedStreams();
  private nextRevision = 0n;
  private current: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  /** Log position of the newest journal record read; 0 while there is none. */
  lastRecordPosition = 0;

  constructor(client: EventStoreDBClient) {
    this.client = client;
  }

  /** Records erasures before they are done; returns the record's log position. */
  async record(erasures: StreamErasure[]) {
    const written = await this.client.appendToStream(
      ERASURES_STREAM,
      jsonEvent({ type: ERASURE_RECORD, data: { streams: erasures } }),
    );
    this.erased.note(erasures);
    return written.position ? toNumber(written.position.commit) : 0;
  }

  hides(streamId: string, revision: number | bigint) {
    return this.erased.hides(streamId, revision);
  }

  /**
   * Reads what was recorded since the last refresh. Calls made while one is under way share
   * the next one, which starts after it: each caller sees everything recorded before its call.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.readOn();
      });
    this.queued = next;
    this.current = next;
    return next;
  }

  private async readOn() {
    try {
      for await (const resolved of this.client.readStream(ERASURES_STREAM, {
        direction: FORWARDS,
        fromRevision: this.nextRevision,
        maxCount: Number.MAX_SAFE_INTEGER,
      })) {
        const event = resolved.event;
        if (!event) continue;
        this.erased.note(erasuresOf(event.data));
        this.nextRevision = event.revision + 1n;
        this.lastRecordPosition = positionOf(event);
      }
    } catch (error) {
      // Nothing was ever erased.
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
  }
}

/** Log position of the newest scavenge point (0 when none was ever written). */
export async function lastScavengePointPosition(client: EventStoreDBClient) {
  try {
    for await (const resolved of client.readStream(SCAVENGE_POINTS_STREAM, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    })) {
      if (resolved.event) return positionOf(resolved.event);
    }
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  return 0;
}

/** Where the server writes a record of each scavenge point (SystemStreams.ScavengePointsStream). */
const SCAVENGE_POINTS_STREAM = '$scavengePoints';
