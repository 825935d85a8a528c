import type { WaterEvent } from '@fitness/contracts';

/** A user's water for one day: the ids of the entries logged and not removed. */
export type WaterState = Set<string>;

export const initialWaterState = (): WaterState => new Set();

export function evolveWater(state: WaterState, event: WaterEvent): WaterState {
  const next = new Set(state);
  switch (event.type) {
    case 'WaterLogged':
      next.add(event.data.entryId);
      return next;
    case 'WaterRemoved':
      next.delete(event.data.entryId);
      return next;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled water event ${JSON.stringify(unhandled)}`);
    }
  }
}
