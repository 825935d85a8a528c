import type { BodyWeightEvent } from '@fitness/contracts';

/** A user's weight (kg) on one day, as last weighed in; null before the first. */
export type BodyWeightState = number | null;

/**
 * A weight as it is recorded: to 0.01 kg, finer than any scale, and fine enough that a weight
 * typed in pounds (0.1 lb steps) shows again as typed.
 */
export const recordedWeight = (kilograms: number) => Math.round(kilograms * 100) / 100;

export const initialBodyWeightState = (): BodyWeightState => null;

export function evolveBodyWeight(_state: BodyWeightState, event: BodyWeightEvent): BodyWeightState {
  switch (event.type) {
    case 'BodyWeightRecorded':
      return event.data.weight;
    default: {
      const unhandled: never = event.type;
      throw new Error(`Unhandled body weight event ${JSON.stringify(unhandled)}`);
    }
  }
}
