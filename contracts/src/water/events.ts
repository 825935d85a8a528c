/** Facts about water drunk. Stream: `water-<userId>-<date>`, one per user and day. All at schema version 1. */

export type WaterEvent =
  | { type: 'WaterLogged'; data: { userId: string; date: string; entryId: string; ml: number; loggedAt: string } }
  | { type: 'WaterRemoved'; data: { userId: string; date: string; entryId: string } };

export const waterEventTypes: readonly WaterEvent['type'][] = ['WaterLogged', 'WaterRemoved'];

export const waterStream = (userId: string, date: string) => `water-${userId}-${date}`;
