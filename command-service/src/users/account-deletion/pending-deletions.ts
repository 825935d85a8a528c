import type { RecordedEvent } from '@fitness/contracts';
import type { EventStore } from '@fitness/stores';
import type { CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { newId } from '../../core/ids.ts';

/**
 * How far the log was searched for deletions whose erasure a stopped process left unfinished:
 * a stream of the erasure's own, whose records hold revisions only (nothing of any user), and
 * which no projection handles.
 */
export const ERASURE_RESUMES_STREAM = 'system-erasure-resumes';
const RESUME_STARTED = 'ErasureResumeStarted';
const RESUME_FINISHED = 'ErasureResumeFinished';

/**
 * A resume that read at least this many events leaves a resume point, so the next start reads
 * from there: each start reads the log written since the last point, and a point is left
 * whenever that grew past this. Below it nothing is written (a start of a small log, as in
 * tests, appends nothing).
 */
export const RESUME_POINT_AFTER = 10_000;

/**
 * Where the last finished resume began: every deletion before it had its erasure finished (or
 * queued by a later resume). Its records are read from the stream's start; finishing erases
 * the older ones, so there are only a few. Records of two processes resuming at once may
 * interleave: the furthest start still in the stream counts.
 */
export class ResumePoints {
  private readonly eventStore: EventStore;
  private readonly handler: CommandHandler;

  constructor(eventStore: EventStore, handler: CommandHandler) {
    this.eventStore = eventStore;
    this.handler = handler;
  }

  /** Log position to search from: the last finished resume's start, or the log's start. */
  async last(): Promise<number> {
    const records = await this.eventStore.readStream(ERASURE_RESUMES_STREAM);
    const starts = new Map(records.filter((r) => r.type === RESUME_STARTED).map((r) => [r.revision, r.position]));
    let from = 0;
    let furthest = -1;
    for (const record of records) {
      const started = record.type === RESUME_FINISHED ? Number(record.data.started) : Number.NaN;
      const position = starts.get(started);
      if (position !== undefined && started > furthest) [furthest, from] = [started, position];
    }
    return from;
  }

  /** Marks where this resume begins; the search must go on past it. */
  async begin(): Promise<{ revision: number; position: number }> {
    const written = await this.handler.appendOnce(
      ERASURE_RESUMES_STREAM,
      [{ type: RESUME_STARTED, data: {} }],
      'any',
      context(),
    );
    return { revision: written.nextExpectedRevision, position: written.position };
  }

  /** Every deletion before `started` is erased: the next start searches from there. */
  async finish(started: { revision: number }) {
    await this.handler.appendOnce(
      ERASURE_RESUMES_STREAM,
      [{ type: RESUME_FINISHED, data: { started: started.revision } }],
      'any',
      context(),
    );
    if (started.revision > 0) {
      await this.handler.eraseStreams([{ streamId: ERASURE_RESUMES_STREAM, throughRevision: started.revision - 1 }]);
    }
  }
}

/** Deleted users whose erasure is not recorded, as the log tells from a position on. */
export class DeletionScan {
  position: number;
  eventsRead = 0;
  readonly pending = new Set<string>();

  constructor(from: number) {
    this.position = from;
  }

  note(event: RecordedEvent) {
    this.position = event.position;
    this.eventsRead++;
    const userId = event.data.userId;
    if (typeof userId !== 'string') return;
    if (event.type === 'UserDeleted') this.pending.add(userId);
    else if (event.type === 'UserErased') this.pending.delete(userId);
  }
}

const context = (): CommandContext => ({
  actorId: null,
  commandId: newId(),
  correlationId: 'erasure-resume',
  now: new Date(),
});
