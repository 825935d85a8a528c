// Each from its own module, not the contracts' index: this file runs on the parse thread (see csv-formats.ts).
import type { WeightUnit } from '@fitness/contracts';
import { isFitName, MAX_NAME_LENGTH as MAX_NAME } from '@fitness/contracts/name-pattern.ts';
import {
  isRpe,
  MAX_DISTANCE_METRES,
  MAX_NOTES_LENGTH as MAX_NOTES,
  MAX_WEIGHT_KG,
} from '@fitness/contracts/workouts/set-limits.ts';
import type { ImportedSet } from './imported-workout.ts';
import { type FileReading, RowRejected } from './row-reading.ts';

/**
 * The values both formats hold, read and checked against the same bounds the workouts API
 * enforces, because imported sets bypass the API's request validation. A value that cannot be
 * used rejects its row.
 */

const KG_PER_LB = 0.45359237;
export const METRES_PER_MILE = 1609.344;

/** "2026-11-21 07:30:00", "2026-11-21T07:30" or "2026-11-21". */
export function parseDateTime(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  return calendarTime(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second));
}

/** The day and the ISO timestamp of a wall-clock time, or null when no such day or time exists. */
export function calendarTime(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exists =
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === month - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second;
  if (!exists || year < 1900) return null;
  const iso = time.toISOString();
  return { date: iso.slice(0, 10), iso };
}

export function requiredName(text: string, what: 'workout' | 'exercise') {
  if (text === '') throw new RowRejected(`The ${what} name is missing.`);
  if (text.length > MAX_NAME) throw new RowRejected(`The ${what} name is longer than ${MAX_NAME} characters.`);
  // The API refuses such names too; stored, they would break lists and exports.
  if (!isFitName(text)) {
    throw new RowRejected(`The ${what} name holds a line break, a control character or broken unicode.`);
  }
  return text;
}

export function optionalNotes(text: string, what: string) {
  if (text.length > MAX_NOTES) throw new RowRejected(`The ${what} are longer than ${MAX_NOTES} characters.`);
  return text === '' ? null : text;
}

/**
 * The set's notes and its RPE. An RPE the app cannot hold (outside 1 to 10, or between its half
 * steps) is kept in the notes as the file wrote it, rather than rounded or lost.
 */
export function notesAndRpe(notes: string, rpe: string, file: FileReading): Pick<ImportedSet, 'notes' | 'rpe'> {
  const value = readableRpe(rpe, file);
  const kept = value === null && rpe !== '' ? [notes, `RPE ${rpe}`].filter(Boolean).join(' · ') : notes;
  return { notes: optionalNotes(kept, 'notes'), rpe: value };
}

function readableRpe(text: string, file: FileReading): number | null {
  try {
    const value = parseNumber(text, 'RPE', file);
    return value !== null && isRpe(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A plain decimal number as either app writes it, with a decimal comma in a file separated by
 * `;`. Not what else `Number` reads (`0x10`, `1e3`, `0b1`, ` `, `Infinity`): no export writes
 * those, so they are typos or tampering, not 16 kg or 1000 reps. Empty is null.
 */
export function parseNumber(text: string, what: string, file: FileReading): number | null {
  if (text === '') return null;
  const plain = file.decimalComma ? /^-?\d+(?:[.,]\d+)?$/ : /^-?\d+(?:\.\d+)?$/;
  const value = plain.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(value)) throw new RowRejected(`The ${what} "${text}" is not a number.`);
  return value;
}

/** A whole, non-negative count (reps, seconds); empty is 0. "8.0" is 8. */
export function parseCount(text: string, what: string, max: number, file: FileReading) {
  const value = parseNumber(text, what, file) ?? 0;
  if (value < 0) throw new RowRejected(`The ${what} value "${text}" is negative.`);
  if (!Number.isInteger(value)) throw new RowRejected(`The ${what} value "${text}" is not a whole number.`);
  if (value > max) throw new RowRejected(`The ${what} value "${text}" is more than ${max}.`);
  return value;
}

export function parseWeight(text: string, unit: WeightUnit, file: FileReading) {
  const value = parseNumber(text, 'weight', file);
  if (value === null) return null;
  if (value < 0) throw new RowRejected(`The weight "${text}" is negative.`);
  const kg = unit === 'lb' ? Math.round(value * KG_PER_LB * 1000) / 1000 : value;
  if (kg > MAX_WEIGHT_KG) throw new RowRejected(`The weight "${text}" is more than ${MAX_WEIGHT_KG} kg.`);
  return kg;
}

/** Metres from a distance in kilometres or miles; 0 means none was logged. */
export function distanceMetres(text: string, metresPerUnit: number, file: FileReading) {
  const value = parseNumber(text, 'distance', file);
  if (value === null || value === 0) return null;
  if (value < 0) throw new RowRejected(`The distance "${text}" is negative.`);
  const metres = Math.round(value * metresPerUnit * 100) / 100;
  if (metres > MAX_DISTANCE_METRES) throw new RowRejected(`The distance "${text}" is more than 1000 km.`);
  return metres;
}

export const positiveOrNull = (value: number) => (value > 0 ? value : null);

/** A set must have done something: reps, or a time or distance (cardio, holds). */
export function completeSet(set: ImportedSet) {
  if (set.reps === 0 && set.durationSeconds === null && set.distanceMetres === null) {
    throw new RowRejected('The set has no reps, time or distance.');
  }
  return set;
}
