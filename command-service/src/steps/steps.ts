import type { StepsEvent } from '@fitness/contracts';

/** A user's step count for one day, as last recorded; null before the first. */
export type StepsState = number | null;

export const initialStepsState = (): StepsState => null;

export function evolveSteps(_state: StepsState, event: StepsEvent): StepsState {
  switch (event.type) {
    case 'StepsRecorded':
      return event.data.count;
    default: {
      const unhandled: never = event.type;
      throw new Error(`Unhandled steps event ${JSON.stringify(unhandled)}`);
    }
  }
}
