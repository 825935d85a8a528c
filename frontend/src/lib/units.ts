/**
 * The API always speaks metric (kilograms, centimetres, metres). With imperial units the app
 * shows and accepts pounds, inches and miles, converting at the edge.
 */
export type Units = 'metric' | 'imperial';

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;
const M_PER_MI = 1609.344;

/** Rounds to a step so converted values read like what people type (62.5 kg, 137.8 lb). */
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export const weightUnit = (units: Units) => (units === 'imperial' ? 'lb' : 'kg');
export const heightUnit = (units: Units) => (units === 'imperial' ? 'in' : 'cm');
export const distanceUnit = (units: Units) => (units === 'imperial' ? 'mi' : 'km');

/** Kilograms from the API to the user's unit. */
export const displayWeight = (kg: number, units: Units) =>
  units === 'imperial' ? round(kg / KG_PER_LB, 1) : round(kg, 2);
/** The user's weight unit to kilograms for the API. */
export const weightToKg = (value: number, units: Units) => (units === 'imperial' ? round(value * KG_PER_LB, 3) : value);

export const displayHeight = (cm: number, units: Units) =>
  units === 'imperial' ? round(cm / CM_PER_IN, 1) : round(cm, 1);
export const heightToCm = (value: number, units: Units) => (units === 'imperial' ? round(value * CM_PER_IN, 2) : value);

/** Metres from the API to kilometres or miles. */
export const displayDistance = (metres: number, units: Units) =>
  units === 'imperial' ? round(metres / M_PER_MI, 2) : round(metres / 1000, 2);
/** Kilometres or miles to metres for the API. */
export const distanceToMetres = (value: number, units: Units) =>
  units === 'imperial' ? round(value * M_PER_MI, 1) : round(value * 1000, 1);

/** Grams in an ounce and millilitres in a US fluid ounce, for food and water in imperial units. */
export { GRAMS_PER_OUNCE } from '@fitness/contracts/nutrition/arithmetic.ts';
export { ML_PER_FLUID_OUNCE } from '@fitness/contracts/water/fluid-ounces.ts';

/** Arabic-Indic and Persian digits, and the Arabic decimal separator, as a keyboard in Arabic types them. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u066b]/g;

/** What an Arabic keyboard typed, as the digits and point the rest of the app reads. */
export const westernDigits = (text: string) =>
  text.replace(EASTERN_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });

/**
 * A number as typed, with a decimal comma or point ("62,5" or "62.5"), in Western or Arabic
 * digits; NaN when it is not one.
 */
export const parseDecimal = (text: string) => Number(westernDigits(text).trim().replace(',', '.'));
