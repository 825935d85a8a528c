import type { WaterEvent } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { WaterEntryNotFound } from './errors.ts';
import { evolveWater, initialWaterState, type WaterState } from './water.ts';

type Base = { userId: string; date: string; entryId: string; at: string };

export type WaterCommand = (Base & { type: 'LogWater'; ml: number }) | (Base & { type: 'RemoveWater' });

/** Each glass is an entry of its own day; only one that was logged can be removed. */
export function decideWater(command: WaterCommand, state: WaterState): WaterEvent[] {
  const { userId, date, entryId } = command;
  switch (command.type) {
    case 'LogWater':
      return [{ type: 'WaterLogged', data: { userId, date, entryId, ml: command.ml, loggedAt: command.at } }];
    case 'RemoveWater':
      if (!state.has(entryId)) throw new WaterEntryNotFound();
      return [{ type: 'WaterRemoved', data: { userId, date, entryId } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled water command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const waterDecider: Decider<WaterCommand, WaterEvent, WaterState> = {
  initialState: initialWaterState,
  evolve: evolveWater,
  decide: decideWater,
};
