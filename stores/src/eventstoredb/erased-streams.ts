import type { StreamErasure } from '../event-store.ts';

/**
 * Which stream revisions were erased, as the erasure journal (erasure-journal.ts) tells: until
 * a scavenge has run, EventStoreDB still returns them from $all, and the adapter's $all reads
 * skip them. A stream erased twice (an email registered again, then erased again) hides up to
 * the later point; events appended after an erasure stay visible.
 */
export class ErasedStreams {
  private readonly through = new Map<string, number>();

  note(erasures: readonly StreamErasure[]) {
    for (const { streamId, throughRevision } of erasures) {
      this.through.set(streamId, Math.max(this.through.get(streamId) ?? -1, throughRevision));
    }
  }

  hides(streamId: string, revision: number | bigint) {
    const through = this.through.get(streamId);
    return through !== undefined && Number(revision) <= through;
  }
}

/** Reads a journal record's streams, refusing anything else (it is read back by every process). */
export function erasuresOf(data: unknown): StreamErasure[] {
  const streams = (data as { streams?: unknown } | null)?.streams;
  if (!Array.isArray(streams)) throw new Error('Erasure journal record without streams');
  return streams.map((entry) => {
    const { streamId, throughRevision } = (entry ?? {}) as Partial<StreamErasure>;
    if (typeof streamId !== 'string' || !Number.isSafeInteger(throughRevision)) {
      throw new Error(`Malformed erasure journal entry: ${JSON.stringify(entry)}`);
    }
    return { streamId, throughRevision: throughRevision as number };
  });
}

/** A stream's last event, as far as deciding how to erase it goes. */
export type StreamEnd = { revision: number; type: string } | null;

/**
 * How to erase a stream's events through a revision, given its last visible event:
 * - nothing when no event is visible (never written, or deleted already);
 * - the whole stream when the erasure reaches its end: first a PII-free marker is appended, so
 *   that the last event, which a scavenge keeps of every deleted stream, holds nothing of the
 *   user; then the stream is soft-deleted at the marker (expected revision: a writer that came
 *   in between makes it plan again). A stream ending with the marker already (a run stopped
 *   between the two) is deleted at it;
 * - otherwise a truncation (`$tb`) before the first revision kept.
 */
export type ErasurePlan =
  | { kind: 'nothing' }
  | { kind: 'delete'; appendMarkerAfter: number | null; deleteAt: number }
  | { kind: 'truncate'; before: number };

export function planErasure(end: StreamEnd, throughRevision: number, markerType: string): ErasurePlan {
  if (!end) return { kind: 'nothing' };
  if (end.type === markerType) return { kind: 'delete', appendMarkerAfter: null, deleteAt: end.revision };
  if (end.revision <= throughRevision) {
    return { kind: 'delete', appendMarkerAfter: end.revision, deleteAt: end.revision + 1 };
  }
  return { kind: 'truncate', before: throughRevision + 1 };
}

/** Whether a scavenge point (whose log position is given, 0 for none) comes after the last erasure recorded. */
export const scavengeCovers = (scavengePointPosition: number, lastErasurePosition: number) =>
  scavengePointPosition > lastErasurePosition;
