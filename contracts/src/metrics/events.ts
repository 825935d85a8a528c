/** A day's step count, as the user records it (the latest count stands). Stream: `steps-<userId>-<date>`. */
export type StepsEvent = {
  type: 'StepsRecorded';
  data: { userId: string; date: string; count: number; recordedAt: string };
};

export const stepsEventTypes: readonly StepsEvent['type'][] = ['StepsRecorded'];
export const stepsStream = (userId: string, date: string) => `steps-${userId}-${date}`;
/** The id of a user's document for one day (steps, water, body weight). */
export const userDayId = (userId: string, date: string) => `${userId}:${date}`;

export type StepsDocument = { id: string; user_id: string; date: string; count: number };

/** A weigh-in on a day (kg; the latest of the day stands). Stream: `body-weight-<userId>-<date>`. */
export type BodyWeightEvent = {
  type: 'BodyWeightRecorded';
  data: { userId: string; date: string; weight: number; recordedAt: string };
};

export const bodyWeightEventTypes: readonly BodyWeightEvent['type'][] = ['BodyWeightRecorded'];
export const bodyWeightStream = (userId: string, date: string) => `body-weight-${userId}-${date}`;

export type BodyWeightDocument = { id: string; user_id: string; date: string; weight: number };
