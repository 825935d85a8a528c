/**
 * A reading of one day that the latest replaces: a weigh-in (kg), a day's step count. Each kind
 * has one stream per user and day, one read-model document per user and day (`userDayId`), and
 * names its value by its own field (`weight`, `count`). The write side and the read model of
 * every kind are made from these shapes, once (command-service/src/core/daily-reading.ts,
 * projections/src/metrics/daily-reading-projection.ts).
 */

type ValueNamed<F extends string> = { [K in F]: number };

/** A day's reading recorded (`T`: its event type, `F`: the field of its value). */
export type DailyReadingEvent<T extends string = string, F extends string = string> = {
  type: T;
  data: { userId: string; date: string; recordedAt: string } & ValueNamed<F>;
};

/** A user's reading of one day as its read model holds it: the latest recorded. */
export type DailyReadingDocument<F extends string = string> = {
  id: string;
  user_id: string;
  date: string;
} & ValueNamed<F>;
