import type { StepsEvent } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { evolveSteps, initialStepsState, type StepsState } from './steps.ts';

export type StepsCommand = { type: 'RecordSteps'; userId: string; date: string; count: number; at: string };

/** Recording a count replaces the day's earlier one; the same count again changes nothing. */
export function decideSteps(command: StepsCommand, state: StepsState): StepsEvent[] {
  switch (command.type) {
    case 'RecordSteps': {
      const { userId, date, count, at } = command;
      return state === count ? [] : [{ type: 'StepsRecorded', data: { userId, date, count, recordedAt: at } }];
    }
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled steps command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const stepsDecider: Decider<StepsCommand, StepsEvent, StepsState> = {
  initialState: initialStepsState,
  evolve: evolveSteps,
  decide: decideSteps,
};
