import type { DailyReadingEvent } from '@fitness/contracts/metrics/daily-reading.ts';
import type { Decider } from './command-handler.ts';
import type { Aggregate } from './command-route.ts';

/** A command recording a day's reading (`T`: its type, `F`: the field of its value). */
type DailyReadingCommand<T extends string, F extends string> = {
  type: T;
  userId: string;
  date: string;
  at: string;
} & { [K in F]: number };

/** A user's reading of one day that stands, and when it was taken; null before the first. */
type DailyReadingState = { value: number; at: string } | null;

/**
 * The aggregate of a reading of one day that the latest replaces (a weigh-in, a day's step
 * count): one stream per user and day, whose state is the reading that stands. The latest is
 * the one taken last, not the one arriving last: a reading that waited offline (its `at` the
 * client's, see Aggregate.takesClientTime) and is older than the one standing decides nothing,
 * so a weigh-in sent at noon from a phone that had no signal at 07:00 leaves the laptop's of
 * 09:00 standing. A reading taken at the same moment or later is recorded over it; the same
 * value again decides nothing. One command and one event a kind, so the decider names them from
 * `kind` rather than switching over a union of one.
 */
export function dailyReading<C extends string, E extends string, F extends string>(kind: {
  command: C;
  event: E;
  /** The field that holds the value, in the command and the event alike. */
  field: F;
  streamOf(userId: string, date: string): string;
  /** The value as it is recorded (as sent, when left out). */
  recorded?(value: number): number;
  /** Whether a reading may wait offline and keep the client's time of it (Aggregate.takesClientTime). */
  takesClientTime?: boolean;
}) {
  type Command = DailyReadingCommand<C, F>;
  type Event = DailyReadingEvent<E, F>;
  const { field, recorded = (value: number) => value } = kind;
  const decider: Decider<Command, Event, DailyReadingState> = {
    initialState: () => null,
    evolve: (_state, { data }) => ({ value: data[field], at: data.recordedAt }),
    decide(command, state) {
      const { userId, date, at } = command;
      const value = recorded(command[field]);
      if (state && (state.value === value || Date.parse(at) < Date.parse(state.at))) return [];
      const data = { userId, date, [field]: value, recordedAt: at } as Event['data'];
      return [{ type: kind.event, data }];
    },
  };
  const aggregate: Aggregate<Command, Event, DailyReadingState> = {
    decider,
    streamOf: (command) => kind.streamOf(command.userId, command.date),
    takesClientTime: kind.takesClientTime ?? false,
  };
  return { decider, aggregate, recorded };
}
