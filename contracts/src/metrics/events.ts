/** A day's step count, as the user records it (the latest count stands). Stream: `steps-<userId>-<date>`. */
export type StepsEvent = {
  type: 'StepsRecorded';
  data: { userId: string; date: string; count: number; recordedAt: string };
};

export const stepsEventTypes: readonly StepsEvent['type'][] = ['StepsRecorded'];
export const stepsStream = (userId: string, date: string) => `steps-${userId}-${date}`;
export const stepsDayId = (userId: string, date: string) => `${userId}:${date}`;

export type StepsDocument = { id: string; user_id: string; date: string; count: number };
