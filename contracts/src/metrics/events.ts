import type { DailyReadingDocument } from './daily-reading.ts';

/** A day's step count, as the user records it (a daily reading: the latest count stands). Stream: `steps-<userId>-<date>`. */
export type StepsEvent = {
  type: 'StepsRecorded';
  data: { userId: string; date: string; count: number; recordedAt: string };
};

export const stepsEventTypes: readonly StepsEvent['type'][] = ['StepsRecorded'];
export const stepsStream = (userId: string, date: string) => `steps-${userId}-${date}`;
/** The id of a user's document for one day (steps, water, body weight). */
export const userDayId = (userId: string, date: string) => `${userId}:${date}`;

export type StepsDocument = DailyReadingDocument<'count'>;

/** A weigh-in on a day (kg; a daily reading: the latest of the day stands). Stream: `body-weight-<userId>-<date>`. */
export type BodyWeightEvent = {
  type: 'BodyWeightRecorded';
  data: { userId: string; date: string; weight: number; recordedAt: string };
};

export const bodyWeightEventTypes: readonly BodyWeightEvent['type'][] = ['BodyWeightRecorded'];
export const bodyWeightStream = (userId: string, date: string) => `body-weight-${userId}-${date}`;

export type BodyWeightDocument = DailyReadingDocument<'weight'>;
