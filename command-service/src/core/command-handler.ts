import type { DomainEvent, NewEvent, RecordedEvent } from '@fitness/contracts';
import { type EventStore, type ExpectedRevision, WrongExpectedRevisionError } from '@fitness/stores';
import { uuidFromName } from './ids.ts';
import { KeyedLock } from './keyed-lock.ts';

/** An aggregate's pure logic: fold past events into state; decide new events from a command. */
export type Decider<C, E extends DomainEvent, S> = {
  initialState: () => S;
  evolve(state: S, event: E): S;
  /** Throws a domain error (see platform/errors) when the command is not allowed. */
  decide(command: C, state: S): E[];
};

/** Who asked, and the identifiers that make the command traceable and idempotent. */
export type CommandContext = {
  actorId: string | null;
  commandId: string;
  correlationId: string;
  now: Date;
};

export type CommandResult<S> = {
  /** The stream's events after the command, its own included. */
  events: RecordedEvent[];
  state: S;
  /** Global position of the command's last event; clients send it back for read-your-writes. */
  position: number;
};

const MAX_ATTEMPTS = 10;

/**
 * Reads the stream, decides, appends with the revision it read, and retries on a concurrent
 * write. A command whose id already produced events returns that earlier outcome instead of
 * deciding again, so a client that retries after a lost response changes nothing.
 */
export class CommandHandler {
  private readonly eventStore: EventStore;
  private readonly lock = new KeyedLock();

  constructor(eventStore: EventStore) {
    this.eventStore = eventStore;
  }

  async handle<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext,
  ): Promise<CommandResult<S>> {
    return this.lock.run(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const history = await this.eventStore.readStream(streamId);
        const state = history.reduce((s, event) => decider.evolve(s, event as unknown as E), decider.initialState());
        const earlier = history.filter((event) => event.metadata.commandId === context.commandId);
        if (earlier.length > 0) {
          return { events: history, state, position: earlier.at(-1)?.position ?? 0 };
        }
        const decided = decider.decide(command, state);
        if (decided.length === 0) return { events: history, state, position: history.at(-1)?.position ?? 0 };
        const expected: ExpectedRevision = history.at(-1)?.revision ?? 'no_stream';
        try {
          return await this.append(decider, streamId, history, state, decided, expected, context);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** Appends events that need no decision over a stream's state (reservations, claims). */
  async appendOnce(streamId: string, events: DomainEvent[], expected: ExpectedRevision, context: CommandContext) {
    return this.eventStore.appendToStream(streamId, this.envelope(streamId, events, context), expected);
  }

  readStream(streamId: string) {
    return this.eventStore.readStream(streamId);
  }

  private async append<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    history: RecordedEvent[],
    state: S,
    decided: E[],
    expected: ExpectedRevision,
    context: CommandContext,
  ): Promise<CommandResult<S>> {
    const events = this.envelope(streamId, decided, context);
    const { position, nextExpectedRevision } = await this.eventStore.appendToStream(streamId, events, expected);
    const firstRevision = nextExpectedRevision - events.length + 1;
    // Only the append's last position is known in every store; folding a response needs no finer.
    const recorded: RecordedEvent[] = events.map((event, index) => ({
      ...event,
      streamId,
      revision: firstRevision + index,
      position,
      recordedAt: context.now.toISOString(),
    }));
    return {
      events: [...history, ...recorded],
      state: decided.reduce((s, event) => decider.evolve(s, event), state),
      position,
    };
  }

  private envelope(streamId: string, events: DomainEvent[], context: CommandContext): NewEvent[] {
    return events.map((event, index) => ({
      ...event,
      id: uuidFromName(`${context.commandId}:${streamId}:${index}`),
      metadata: {
        actorId: context.actorId,
        commandId: context.commandId,
        correlationId: context.correlationId,
        timestamp: context.now.toISOString(),
        schemaVersion: 1,
      },
    }));
  }
}
