import {
  displayDistance,
  displayWeight,
  distanceUnit,
  GRAMS_PER_OUNCE,
  ML_PER_FLUID_OUNCE,
  type Units,
  weightUnit,
} from './units.ts';

/**
 * Numbers, dates and measures through Intl in the active locale, so German reads "62,5 kg" and
 * Arabic gets its own digits and order without any string gluing.
 */

/**
 * Building an Intl formatter costs far more than using one (a date format ~1 ms on a phone, the
 * first of a locale several), and a screen formats dozens of numbers and days per render with a
 * handful of distinct settings: each is built once and kept.
 */
function kept<Options, Format>(Make: new (locale: string, options: Options) => Format) {
  const made = new Map<string, Format>();
  return (locale: string, options: Options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = new Make(locale, options);
      made.set(key, format);
    }
    return format;
  };
}
const numberFormat = kept(Intl.NumberFormat);
const dateFormat = kept(Intl.DateTimeFormat);
const relativeFormat = kept(Intl.RelativeTimeFormat);
const listFormat = kept(Intl.ListFormat);

/** Names run together as a short list in the locale ("Squat, Row, Curl"; Arabic with its own comma). */
export const formatNames = (names: string[], locale: string) =>
  listFormat(locale, { type: 'unit', style: 'short' }).format(names);

/** Builds the formatters most screens start with, loading the locale's Intl data ahead (main.tsx). */
export function prepareFormats(locale: string) {
  formatNumber(0, locale);
  formatDay(localToday(), locale, 'short');
}

export function formatNumber(value: number, locale: string, maximumFractionDigits = 1) {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** A count that stops at `limit` (a projection's lag in events): "1,000+" once it reached it. */
export function formatCountUpTo(value: number, limit: number, locale: string) {
  return value >= limit ? `${formatNumber(limit, locale, 0)}+` : formatNumber(value, locale, 0);
}

/** Intl's name of each unit that units.ts gives a user's measure in (weightUnit, heightUnit, distanceUnit). */
const INTL_UNITS = { kg: 'kilogram', lb: 'pound', cm: 'centimeter', in: 'inch', km: 'kilometer', mi: 'mile' } as const;
type ShownUnit = keyof typeof INTL_UNITS;

function formatUnit(value: number, unit: string, locale: string, maximumFractionDigits = 1) {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits }).format(value);
}

/** Water in millilitres, or fluid ounces for imperial units ("500 ml", Arabic "500 ملتر"). */
export const formatWater = (ml: number, units: Units, locale: string) =>
  units === 'imperial'
    ? formatUnit(ml / ML_PER_FLUID_OUNCE, 'fluid-ounce', locale, 1)
    : formatUnit(ml, 'milliliter', locale, 0);

/** An amount of food in grams, or ounces for imperial units. */
export const formatFoodAmount = (grams: number, units: Units, locale: string) =>
  units === 'imperial' ? formatUnit(grams / GRAMS_PER_OUNCE, 'ounce', locale, 1) : formatUnit(grams, 'gram', locale, 1);

/** Grams whatever the units (protein, carbohydrate and fat are told in grams everywhere). */
export const formatGrams = (grams: number, locale: string, maximumFractionDigits = 0) =>
  formatUnit(grams, 'gram', locale, maximumFractionDigits);

/**
 * The short name of a unit as the locale writes it ("cm", "lb"; Arabic "سم", "كغم"), for a label
 * beside a field: `unitLabel(weightUnit(units), locale)`. Kilocalories are no Intl unit: `units.kcal`.
 */
export const unitLabel = (unit: ShownUnit, locale: string) =>
  numberFormat(locale, { style: 'unit', unit: INTL_UNITS[unit], unitDisplay: 'short' })
    .formatToParts(1)
    .find((part) => part.type === 'unit')?.value ?? unit;

export const formatWeight = (kg: number, units: Units, locale: string) =>
  formatUnit(displayWeight(kg, units), INTL_UNITS[weightUnit(units)], locale);

/** A weight already in the unit it is shown in (a barbell plate, the bar), to the hundredth (1.25 kg). */
export const formatWeightIn = (value: number, unit: 'kg' | 'lb', locale: string) =>
  formatUnit(value, INTL_UNITS[unit], locale, 2);

export const formatDistance = (metres: number, units: Units, locale: string) =>
  formatUnit(displayDistance(metres, units), INTL_UNITS[distanceUnit(units)], locale, 2);

export const formatMinutes = (minutes: number, locale: string) => formatUnit(minutes, 'minute', locale, 0);

export const formatSeconds = (seconds: number, locale: string) =>
  seconds >= 60 && seconds % 60 === 0
    ? formatUnit(seconds / 60, 'minute', locale, 0)
    : formatUnit(seconds, 'second', locale, 0);

/** A calendar day (YYYY-MM-DD) as the locale writes it, without shifting it through a time zone. */
export function formatDay(day: string, locale: string, style: 'long' | 'short' = 'long') {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return dateFormat(locale, {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : undefined,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

export function formatTime(iso: string, locale: string) {
  return dateFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** Today's date in the user's own time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()) {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** Each unit after minutes, with how many of the unit before it make one. */
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['hour', 60],
  ['day', 24],
  ['week', 7],
  ['month', 4.35],
  ['year', 12],
];

/** How long ago (or from now) a moment is, as the locale says it: "5 minutes ago", "vor 2 Tagen". */
export function formatRelative(iso: string, locale: string, now = new Date()) {
  const format = relativeFormat(locale, { numeric: 'auto' });
  let value = (Date.parse(iso) - now.getTime()) / 60_000;
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  for (const [next, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) break;
    value /= size;
    unit = next;
  }
  return format.format(Math.trunc(value), unit);
}

/**
 * Text put into a sentence as an isolated run (Unicode FSI … PDI), so an email address keeps
 * its own left-to-right order inside an Arabic sentence.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
