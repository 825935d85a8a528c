// Each from its own module, not the contracts' index: this file runs on the parse thread
// (parse-worker.ts), whose start the index (typebox and every schema) made several times slower.
import type { ImportFormat, RejectedRow, WeightUnit } from '@fitness/contracts';
import { nameKey } from '@fitness/contracts/exercises/search.ts';
import { isFitName } from '@fitness/contracts/name-pattern.ts';
import {
  isRpe,
  MAX_DISTANCE_METRES,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_NOTES_LENGTH as MAX_NOTES,
  MAX_REPS,
  MAX_SET_SECONDS,
  MAX_SETS_PER_EXERCISE,
  MAX_WEIGHT_KG,
  MAX_WORKOUT_MINUTES,
  TOO_MANY_EXERCISES_MESSAGE,
  TOO_MANY_SETS_MESSAGE,
} from '@fitness/contracts/workouts/set-limits.ts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { type CsvRecord, readCsv } from './csv.ts';
import { EmptyExport, ExportFormatMismatch, TooManyRows, UnknownExportFormat } from './errors.ts';

/**
 * The workout exports of two popular apps, Strong and Hevy, read into workouts ready for the
 * workout commands. A row that cannot be used is rejected with its line and a reason; the rest
 * of the file still imports. Values are checked against the same bounds the workouts API
 * enforces, because imported sets bypass the API's request validation; so is how many exercises
 * a workout and sets an exercise hold, the rows past either bound rejected.
 */

export const IMPORT_FORMATS: Record<ImportFormat, string> = { strong: 'Strong', hevy: 'Hevy' };

export type ImportedSet = {
  /** 0 for a timed or distance set logged without reps. */
  reps: number;
  weightKg: number | null;
  type: SetType;
  durationSeconds: number | null;
  distanceMetres: number | null;
  notes: string | null;
  /** 1 to 10 in half steps; null when not rated. */
  rpe: number | null;
};

export type ImportedExercise = { name: string; notes: string | null; sets: ImportedSet[] };

export type ImportedWorkout = {
  /** Identifies the workout across exports of the same app: its start and its name. */
  key: string;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  /** The start as the app wrote it (wall-clock time, which the exports give without a time zone), as ISO 8601. */
  startedAt: string;
  name: string;
  durationMinutes: number | null;
  notes: string | null;
  exercises: ImportedExercise[];
};

export type ParsedExport = { format: ImportFormat; workouts: ImportedWorkout[]; rejected: RejectedRow[] };

export type ParseOptions = {
  /** Detected from the header row when absent. */
  format?: ImportFormat;
  /** The unit of Strong's Weight column, which follows the app's setting (default kg). */
  weightUnit?: WeightUnit;
  /** More data rows than this refuse the whole file. */
  maxRows?: number;
};

/** The API's bound on names (contracts/src/name.ts); the set's are set-limits.ts's. */
const MAX_NAME = 120;

const KG_PER_LB = 0.45359237;
const METRES_PER_MILE = 1609.344;

/** A row that cannot be imported, and why; caught per row and reported, never thrown out of the parser. */
class RowRejected extends Error {}

/** One row as a format reads it: the workout, exercise and set it belongs to. */
type RowReading = {
  workout: Omit<ImportedWorkout, 'exercises'>;
  exercise: Omit<ImportedExercise, 'sets'>;
  set: ImportedSet;
};

/** The value of a named column in the current row (header names compare case-insensitively). */
type Cell = (column: string) => string;

/** What the whole file says about its values: the unit of a weight column that names none, its decimal separator. */
type FileReading = { weightUnit: WeightUnit; decimalComma: boolean };

type FormatReader = {
  /** Columns the header must have; a name with `|` accepts any one of its alternatives. */
  columns: string[];
  read(cell: Cell, has: (column: string) => boolean, file: FileReading): RowReading;
};

const READERS: Record<ImportFormat, FormatReader> = {
  strong: {
    // RPE is missing from older exports; newer ones name the unit in the header ("Weight (kg)",
    // "Duration (sec)") and start with a "Workout #" column, which is not needed here.
    columns: [
      'date',
      'workout name',
      'duration|duration (sec)',
      'exercise name',
      'set order',
      'weight|weight (kg)|weight (lbs)',
      'reps',
      'distance|distance (km)|distance (meters)|distance (miles)',
      'seconds',
      'notes',
      'workout notes',
    ],
    read: readStrongRow,
  },
  hevy: {
    // Hevy writes weight and distance in the account's unit and names the column after it.
    columns: [
      'title',
      'start_time',
      'end_time',
      'description',
      'exercise_title',
      'exercise_notes',
      'set_type',
      'weight_kg|weight_lbs',
      'reps',
      'distance_km|distance_miles',
      'duration_seconds',
    ],
    read: readHevyRow,
  },
};

/** Reads a Strong or Hevy CSV export. Throws a 422 error when the file as a whole cannot be read. */
export function parseWorkoutExport(text: string, options: ParseOptions = {}): ParsedExport {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  const { format, delimiter } = detect(text, options.format);
  // A file separated by semicolons comes from a locale that writes decimal commas.
  const file: FileReading = { weightUnit: options.weightUnit ?? 'kg', decimalComma: delimiter === ';' };
  const records = readCsv(text, delimiter, maxRows + 2);
  const [header, ...rows] = records;
  if (!header) throw new EmptyExport();
  if (rows.length > maxRows) throw new TooManyRows(maxRows);

  const positions = new Map(header.fields.map((name, index) => [name.trim().toLowerCase(), index]));
  const has = (column: string) => positions.has(column);
  const reader = READERS[format];
  const workouts = new Map<string, { workout: ImportedWorkout; exercises: Map<string, ImportedExercise> }>();
  const rejected: RejectedRow[] = [];

  for (const record of rows) {
    let reading: RowReading;
    try {
      reading = readRow(record, header.fields.length, positions, has, reader, file);
    } catch (error) {
      if (!(error instanceof RowRejected)) throw error;
      rejected.push({ row: record.line, reason: error.message });
      continue;
    }
    let group = workouts.get(reading.workout.key);
    if (!group) {
      group = { workout: { ...reading.workout, exercises: [] }, exercises: new Map() };
      workouts.set(reading.workout.key, group);
    }
    // One exercise per name within a workout, even when its sets are interleaved with another's (supersets).
    const exerciseKey = nameKey(reading.exercise.name);
    let exercise = group.exercises.get(exerciseKey);
    // What a workout cannot hold is refused row by row, as the workout commands would refuse it.
    const overflow = exercise
      ? exercise.sets.length >= MAX_SETS_PER_EXERCISE &&
        `"${exercise.name}" already has ${MAX_SETS_PER_EXERCISE} sets in the workout "${group.workout.name}". ${TOO_MANY_SETS_MESSAGE}`
      : group.exercises.size >= MAX_EXERCISES_PER_WORKOUT &&
        `The workout "${group.workout.name}" already has ${MAX_EXERCISES_PER_WORKOUT} exercises without "${reading.exercise.name}". ${TOO_MANY_EXERCISES_MESSAGE}`;
    if (overflow) {
      rejected.push({ row: record.line, reason: overflow });
      continue;
    }
    if (!exercise) {
      exercise = { ...reading.exercise, sets: [] };
      group.exercises.set(exerciseKey, exercise);
      group.workout.exercises.push(exercise);
    }
    exercise.notes ??= reading.exercise.notes;
    exercise.sets.push(reading.set);
  }
  return { format, workouts: [...workouts.values()].map((group) => group.workout), rejected };
}

/** The format whose columns the first row has, and the separator of the file. */
function detect(text: string, wanted: ImportFormat | undefined): { format: ImportFormat; delimiter: ',' | ';' } {
  const delimiter = headerDelimiter(text);
  const header = readCsv(text, delimiter, 1)[0];
  if (!header) throw new EmptyExport();
  const names = new Set(header.fields.map((name) => name.trim().toLowerCase()));
  const found = (Object.keys(READERS) as ImportFormat[]).find((format) =>
    READERS[format].columns.every((column) => column.split('|').some((name) => names.has(name))),
  );
  if (found && wanted && found !== wanted) {
    throw new ExportFormatMismatch(IMPORT_FORMATS[wanted], IMPORT_FORMATS[found]);
  }
  if (found) return { format: found, delimiter };
  if (wanted) throw new ExportFormatMismatch(IMPORT_FORMATS[wanted], null);
  throw new UnknownExportFormat();
}

/**
 * The separator of the first line (outside quotes), semicolons when it has more of them than
 * commas: exports from locales that write decimal commas (German, French, ...) separate by
 * semicolons, and their header may quote every name ("Weight (kg)"), which read with the
 * wrong separator is not even valid CSV. Column names of either app hold neither character.
 */
function headerDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let started = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') {
      // Blank lines before the header are skipped, as the reader skips them.
      if (started) break;
      continue;
    } else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
    started = true;
  }
  return semicolons > commas ? ';' : ',';
}

function readRow(
  record: CsvRecord,
  width: number,
  positions: Map<string, number>,
  has: (column: string) => boolean,
  reader: FormatReader,
  file: FileReading,
) {
  if (record.fields.length !== width) {
    throw new RowRejected(`The row has ${record.fields.length} fields where the first row has ${width}.`);
  }
  const cell: Cell = (column) => {
    const index = positions.get(column);
    return index === undefined ? '' : (record.fields[index] ?? '').trim();
  };
  return reader.read(cell, has, file);
}

// ---- Strong ------------------------------------------------------------------------------

/** Strong's weight and distance columns: the header names the unit, or the weight follows the app's setting (and distance is in km). */
const STRONG_WEIGHTS: [string, WeightUnit | null][] = [
  ['weight (kg)', 'kg'],
  ['weight (lbs)', 'lb'],
  ['weight', null],
];
const STRONG_DISTANCES: [string, number][] = [
  ['distance (meters)', 1],
  ['distance (km)', 1000],
  ['distance (miles)', METRES_PER_MILE],
  ['distance', 1000],
];

function readStrongRow(cell: Cell, has: (column: string) => boolean, file: FileReading): RowReading {
  const start = parseDateTime(cell('date'));
  if (!start) throw new RowRejected(`The date "${cell('date')}" is not a date like 2026-11-21 07:30:00.`);
  const name = requiredName(cell('workout name'), 'workout');
  const exercise = requiredName(cell('exercise name'), 'exercise');
  const [weightColumn, weightUnit] = STRONG_WEIGHTS.find(([column]) => has(column)) ?? ['weight', null];
  const [distanceColumn, metresPerUnit] = STRONG_DISTANCES.find(([column]) => has(column)) ?? ['distance', 1000];
  const weight = parseWeight(cell(weightColumn), weightUnit ?? file.weightUnit, file);
  const set = completeSet({
    reps: parseCount(cell('reps'), 'reps', MAX_REPS, file),
    // Strong writes 0 when no weight was entered (bodyweight, cardio).
    weightKg: weight === 0 ? null : weight,
    type: strongSetType(cell('set order')),
    durationSeconds: positiveOrNull(parseCount(cell('seconds'), 'seconds', MAX_SET_SECONDS, file)),
    distanceMetres: distanceMetres(cell(distanceColumn), metresPerUnit, file),
    ...notesAndRpe(cell('notes'), has('rpe') ? cell('rpe') : '', file),
  });
  return {
    workout: {
      key: `strong|${start.iso}|${name}`,
      date: start.date,
      startedAt: start.iso,
      name,
      durationMinutes: has('duration (sec)')
        ? secondsToMinutes(cell('duration (sec)'), file)
        : strongDuration(cell('duration')),
      notes: optionalNotes(cell('workout notes'), 'workout notes'),
    },
    exercise: { name: exercise, notes: null },
    set,
  };
}

/** Set Order is the set's number, or W (warm-up), D (drop set) or F (failure). */
function strongSetType(order: string): SetType {
  if (order === '' || /^\d+$/.test(order)) return 'working';
  const type = STRONG_SET_TYPES[order.toUpperCase()];
  if (!type) throw new RowRejected(`The set order "${order}" is not a number or W, D or F.`);
  return type;
}
const STRONG_SET_TYPES: Record<string, SetType> = { W: 'warmup', D: 'drop', F: 'failure' };
/** Hevy's set_type column: normal, warmup, dropset or failure. */
const HEVY_SET_TYPES: Record<string, SetType> = { warmup: 'warmup', dropset: 'drop', failure: 'failure' };

/**
 * Minutes from a duration like "1h 5m", "45m" or "50s" (seconds round to the nearest minute). A
 * duration in another shape is left unknown rather than rejecting every row of the workout.
 * A workout left running for days reads as the longest the app records.
 */
function strongDuration(text: string): number | null {
  const match = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/i.exec(text);
  if (!text || !match) return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return Math.min(Number(hours) * 60 + Number(minutes) + Math.round(Number(seconds) / 60), MAX_WORKOUT_MINUTES);
}

/** Minutes from the newer exports' "Duration (sec)"; unreadable is unknown, as with the older column. */
function secondsToMinutes(text: string, file: FileReading): number | null {
  let seconds: number | null;
  try {
    seconds = parseNumber(text, 'duration', file);
  } catch {
    return null;
  }
  if (seconds === null || seconds < 0) return null;
  return Math.min(Math.round(seconds / 60), MAX_WORKOUT_MINUTES);
}

// ---- Hevy --------------------------------------------------------------------------------

function readHevyRow(cell: Cell, has: (column: string) => boolean, file: FileReading): RowReading {
  const start = parseHevyTime(cell('start_time')) ?? parseDateTime(cell('start_time'));
  if (!start) throw new RowRejected(`The start time "${cell('start_time')}" is not a time like 21 Nov 2026, 07:30.`);
  const end = parseHevyTime(cell('end_time')) ?? parseDateTime(cell('end_time'));
  const name = requiredName(cell('title'), 'workout');
  const exercise = requiredName(cell('exercise_title'), 'exercise');
  const pounds = has('weight_lbs');
  const miles = has('distance_miles');
  const set = completeSet({
    reps: parseCount(cell('reps'), 'reps', MAX_REPS, file),
    weightKg: parseWeight(cell(pounds ? 'weight_lbs' : 'weight_kg'), pounds ? 'lb' : 'kg', file),
    type: HEVY_SET_TYPES[cell('set_type').toLowerCase()] ?? 'working',
    durationSeconds: positiveOrNull(parseCount(cell('duration_seconds'), 'duration', MAX_SET_SECONDS, file)),
    distanceMetres: distanceMetres(
      cell(miles ? 'distance_miles' : 'distance_km'),
      miles ? METRES_PER_MILE : 1000,
      file,
    ),
    ...notesAndRpe('', has('rpe') ? cell('rpe') : '', file),
  });
  const minutes = end ? Math.round((Date.parse(end.iso) - Date.parse(start.iso)) / 60_000) : null;
  return {
    workout: {
      key: `hevy|${start.iso}|${name}`,
      date: start.date,
      startedAt: start.iso,
      name,
      durationMinutes: minutes === null || minutes < 0 ? null : Math.min(minutes, MAX_WORKOUT_MINUTES),
      notes: optionalNotes(cell('description'), 'description'),
    },
    exercise: { name: exercise, notes: optionalNotes(cell('exercise_notes'), 'exercise notes') },
    set,
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Hevy's "21 Nov 2026, 07:30". */
function parseHevyTime(text: string) {
  const match = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, day = '', month = '', year = '', hour = '', minute = ''] = match;
  const monthNumber = MONTHS.indexOf(month.toLowerCase()) + 1;
  if (monthNumber === 0) return null;
  return calendarTime(Number(year), monthNumber, Number(day), Number(hour), Number(minute), 0);
}

// ---- Values both formats share -----------------------------------------------------------

/** "2026-11-21 07:30:00", "2026-11-21T07:30" or "2026-11-21". */
function parseDateTime(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  return calendarTime(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second));
}

/** The day and the ISO timestamp of a wall-clock time, or null when no such day or time exists. */
function calendarTime(year: number, month: number, day: number, hour: number, minute: number, second: number) {
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

function requiredName(text: string, what: 'workout' | 'exercise') {
  if (text === '') throw new RowRejected(`The ${what} name is missing.`);
  if (text.length > MAX_NAME) throw new RowRejected(`The ${what} name is longer than ${MAX_NAME} characters.`);
  // The API refuses such names too; stored, they would break lists and exports.
  if (!isFitName(text)) {
    throw new RowRejected(`The ${what} name holds a line break, a control character or broken unicode.`);
  }
  return text;
}

function optionalNotes(text: string, what: string) {
  if (text.length > MAX_NOTES) throw new RowRejected(`The ${what} are longer than ${MAX_NOTES} characters.`);
  return text === '' ? null : text;
}

/**
 * The set's notes and its RPE. An RPE the app cannot hold (outside 1 to 10, or between its half
 * steps) is kept in the notes as the file wrote it, rather than rounded or lost.
 */
function notesAndRpe(notes: string, rpe: string, file: FileReading): Pick<ImportedSet, 'notes' | 'rpe'> {
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
function parseNumber(text: string, what: string, file: FileReading): number | null {
  if (text === '') return null;
  const plain = file.decimalComma ? /^-?\d+(?:[.,]\d+)?$/ : /^-?\d+(?:\.\d+)?$/;
  const value = plain.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(value)) throw new RowRejected(`The ${what} "${text}" is not a number.`);
  return value;
}

/** A whole, non-negative count (reps, seconds); empty is 0. "8.0" is 8. */
function parseCount(text: string, what: string, max: number, file: FileReading) {
  const value = parseNumber(text, what, file) ?? 0;
  if (value < 0) throw new RowRejected(`The ${what} value "${text}" is negative.`);
  if (!Number.isInteger(value)) throw new RowRejected(`The ${what} value "${text}" is not a whole number.`);
  if (value > max) throw new RowRejected(`The ${what} value "${text}" is more than ${max}.`);
  return value;
}

function parseWeight(text: string, unit: WeightUnit, file: FileReading) {
  const value = parseNumber(text, 'weight', file);
  if (value === null) return null;
  if (value < 0) throw new RowRejected(`The weight "${text}" is negative.`);
  const kg = unit === 'lb' ? Math.round(value * KG_PER_LB * 1000) / 1000 : value;
  if (kg > MAX_WEIGHT_KG) throw new RowRejected(`The weight "${text}" is more than ${MAX_WEIGHT_KG} kg.`);
  return kg;
}

/** Metres from a distance in kilometres or miles; 0 means none was logged. */
function distanceMetres(text: string, metresPerUnit: number, file: FileReading) {
  const value = parseNumber(text, 'distance', file);
  if (value === null || value === 0) return null;
  if (value < 0) throw new RowRejected(`The distance "${text}" is negative.`);
  const metres = Math.round(value * metresPerUnit * 100) / 100;
  if (metres > MAX_DISTANCE_METRES) throw new RowRejected(`The distance "${text}" is more than 1000 km.`);
  return metres;
}

const positiveOrNull = (value: number) => (value > 0 ? value : null);

/** A set must have done something: reps, or a time or distance (cardio, holds). */
function completeSet(set: ImportedSet) {
  if (set.reps === 0 && set.durationSeconds === null && set.distanceMetres === null) {
    throw new RowRejected('The set has no reps, time or distance.');
  }
  return set;
}
