/**
 * A weight as it is recorded: to 0.01 kg, finer than any scale, and fine enough that a weight
 * typed in pounds (0.1 lb steps) shows again as typed.
 */
export const recordedWeight = (kilograms: number) => Math.round(kilograms * 100) / 100;
