import type { BodyWeightEvent } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { type BodyWeightState, evolveBodyWeight, initialBodyWeightState, recordedWeight } from './body-weight.ts';

export type BodyWeightCommand = { type: 'RecordBodyWeight'; userId: string; date: string; weight: number; at: string };

/** A day's weigh-in, like steps: the latest stands; the same weight again changes nothing. */
export function decideBodyWeight(command: BodyWeightCommand, state: BodyWeightState): BodyWeightEvent[] {
  switch (command.type) {
    case 'RecordBodyWeight': {
      const { userId, date, at } = command;
      const weight = recordedWeight(command.weight);
      return state === weight ? [] : [{ type: 'BodyWeightRecorded', data: { userId, date, weight, recordedAt: at } }];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled body weight command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const bodyWeightDecider: Decider<BodyWeightCommand, BodyWeightEvent, BodyWeightState> = {
  initialState: initialBodyWeightState,
  evolve: evolveBodyWeight,
  decide: decideBodyWeight,
};
