import { currentVersion, type DomainEvent, type NewEvent, type RecordedEvent } from '@fitness/contracts';
import type { Projection } from '@fitness/projections';
import type { Document } from '@fitness/stores';
import {
  type EventStore,
  type ExpectedRevision,
  type StreamErasure,
  WrongExpectedRevisionError,
} from '@fitness/stores';
import { LRUCache } from 'lru-cache';
import { type ClientTime, refuseTooOld } from './client-time.ts';
import { eventIdOf } from './ids.ts';
import { KeyedLock } from './keyed-lock.ts';

/** An aggregate's pure logic: fold past events into state; decide new events from a command. */
export type Decider<C, E extends DomainEvent, S> = {
  initialState: () => S;
  evolve(state: S, event: E): S;
  /** Throws a named DomainError (contracts) when the command is not allowed. */
  decide(command: C, state: S): E[];
};

/** Who asked, and the identifiers that make the command traceable and idempotent. */
export type CommandContext = {
  actorId: string | null;
  commandId: string;
  correlationId: string;
  /** The server's clock when the command arrived: the events' metadata timestamp, expiries, claims. */
  now: Date;
  /**
   * When the user acted, as their client said (X-Client-Time), if it did: a write queued offline
   * arrives later than it happened. Only aggregates that take it record it (Aggregate.takesClientTime).
   */
  clientTime?: ClientTime;
  /**
   * Set to `commandId` by whoever made that id for this command alone (a request without an
   * Idempotency-Key, whose retry is a new command): no earlier attempt of it can exist, so its
   * appends skip the store's search for one. It names the id, so a context copied with another
   * command id (`{ ...context, commandId }`) does not pass the promise on.
   */
  freshCommandId?: string;
};

export type CommandResult<S, D> = {
  state: S;
  /** The view's document after the command (null without a view, or when it was deleted). */
  document: D | null;
  /** Global position of the command's last event; clients send it back for read-your-writes. */
  position: number;
  /** False when the command changed nothing: it decided no events, or it had run before. */
  appended: boolean;
};

/** What the handler remembers of a stream between commands, so it reads only what is new. */
type StreamMemory = {
  revision: number;
  state: unknown;
  view: Projection | null;
  document: Document | null;
  /** Command id -> position of its last event, for idempotence. */
  commands: Map<string, number>;
  lastPosition: number;
};

const MAX_ATTEMPTS = 10;
const REMEMBERED_STREAMS = 500;

/** A retry of the handler's own (after a conflict) reuses the ids, but the refused attempt wrote none. */
const appendOptions = (context: CommandContext) => ({ freshIds: context.freshCommandId === context.commandId });

/**
 * Reads the stream, decides, appends with the revision it read, and retries on a concurrent
 * write. A command whose id already produced events returns that earlier outcome instead of
 * deciding again, so a client that retries after a lost response changes nothing.
 *
 * The state of recently used streams stays in memory and only events after the remembered
 * revision are read, so a long workout costs no more per set than a short one. Another process
 * appending to the same stream is harmless: its events are read before deciding, and a race is
 * caught by the expected revision.
 */
export class CommandHandler {
  private readonly eventStore: EventStore;
  private readonly soleWriter: boolean;
  private readonly lock = new KeyedLock();
  private readonly memory = new LRUCache<string, StreamMemory>({ max: REMEMBERED_STREAMS });

  /**
   * `soleWriter`: no other process runs commands against this store (the embedded server, which
   * holds the data folder's lock). Then a remembered stream is decided on without reading the
   * store first: the append's expected revision still catches anything written meanwhile (a
   * developer tool, an appendOnce), and the command is then retried on what the store holds.
   * With several command services, another one may have run the very same command (a retry sent
   * elsewhere), which only reading first finds, so they read every time.
   */
  constructor(eventStore: EventStore, options: { soleWriter?: boolean } = {}) {
    this.eventStore = eventStore;
    this.soleWriter = options.soleWriter ?? false;
  }

  /**
   * Runs a command. With a view (a projection), the result carries the document the view folds
   * from the stream, which is what the read model will hold once projected.
   */
  async handle<C, E extends DomainEvent, S, D extends Document = Document>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext,
    view?: Projection<D>,
  ): Promise<CommandResult<S, D>> {
    return this.lock.run(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const trustMemory = this.soleWriter && attempt === 1;
        const known = await this.catchUp(streamId, decider, (view ?? null) as Projection | null, trustMemory);
        const state = known.state as S;
        const result = (position: number) => ({
          state,
          document: known.document as D | null,
          position,
          appended: false,
        });
        const earlier = known.commands.get(context.commandId);
        if (earlier !== undefined) return result(earlier);
        refuseTooOld(context.clientTime);
        const decided = decider.decide(command, state);
        if (decided.length === 0) return result(known.lastPosition);
        const expected: ExpectedRevision = known.revision < 0 ? 'no_stream' : known.revision;
        try {
          const events = this.envelope(streamId, decided, context);
          const appended = await this.eventStore.appendToStream(streamId, events, expected, appendOptions(context));
          const recorded = events.map((event, index) => ({
            ...event,
            streamId,
            revision: appended.nextExpectedRevision - events.length + 1 + index,
            // Only an append's last position is known in every store; folding needs no finer.
            position: appended.position,
            recordedAt: context.now.toISOString(),
          }));
          const next = this.fold(known, decider, recorded);
          return {
            state: next.state as S,
            document: next.document as D | null,
            position: appended.position,
            appended: true,
          };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** Appends events that need no decision over a stream's state (reservations, claims). */
  async appendOnce(streamId: string, events: DomainEvent[], expected: ExpectedRevision, context: CommandContext) {
    return this.eventStore.appendToStream(
      streamId,
      this.envelope(streamId, events, context),
      expected,
      appendOptions(context),
    );
  }

  readStream(streamId: string) {
    return this.eventStore.readStream(streamId);
  }

  /**
   * Erases streams' events for good (see EventStore.eraseStreams) and forgets what this handler
   * remembered of them, so nothing erased lives on in memory. Meant for streams that take no
   * more commands (a deleted account's), so it does not queue behind them.
   */
  async eraseStreams(erasures: StreamErasure[]) {
    await this.eventStore.eraseStreams(erasures);
    for (const { streamId } of erasures) this.memory.delete(streamId);
  }

  /** The remembered stream brought up to date with the store. */
  private async catchUp<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    view: Projection | null,
    trustMemory: boolean,
  ): Promise<StreamMemory> {
    // peek: a stream counts as used when new events of it are folded (fold), not when it is only looked at.
    let known = this.memory.peek(streamId);
    if (trustMemory && known?.view === view) return known;
    if (!known || known.view !== view) {
      known = {
        revision: -1,
        state: decider.initialState(),
        view,
        document: null,
        commands: new Map(),
        lastPosition: 0,
      };
    }
    const fresh = await this.eventStore.readStream(streamId, { fromRevision: known.revision + 1 });
    return this.fold(known, decider, fresh);
  }

  private fold<C, E extends DomainEvent, S>(known: StreamMemory, decider: Decider<C, E, S>, events: RecordedEvent[]) {
    let { state, document, revision, lastPosition } = known;
    const commands = known.commands;
    for (const event of events) {
      state = decider.evolve(state as S, event as unknown as E);
      if (known.view?.handles.includes(event.type)) document = known.view.evolve(document, event);
      commands.set(event.metadata.commandId, event.position);
      revision = event.revision;
      lastPosition = event.position;
    }
    const next: StreamMemory = { ...known, state, document, revision, lastPosition, commands };
    const streamId = events[0]?.streamId;
    if (streamId) this.memory.set(streamId, next);
    return next;
  }

  private envelope(streamId: string, events: DomainEvent[], context: CommandContext): NewEvent[] {
    return events.map((event, index) => ({
      ...event,
      id: eventIdOf(context.commandId, streamId, index),
      metadata: {
        actorId: context.actorId,
        commandId: context.commandId,
        correlationId: context.correlationId,
        timestamp: context.now.toISOString(),
        schemaVersion: currentVersion(event.type),
      },
    }));
  }
}
