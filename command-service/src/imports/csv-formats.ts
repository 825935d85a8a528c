// Each from its own module, not the contracts' index: this file runs on the parse thread
// (parse-worker.ts), whose start the index (typebox and every schema) made several times slower.
import type { ImportFormat, RejectedRow, WeightUnit } from '@fitness/contracts';
import { nameKey } from '@fitness/contracts/exercises/search.ts';
import {
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  TOO_MANY_EXERCISES_MESSAGE,
  TOO_MANY_SETS_MESSAGE,
} from '@fitness/contracts/workouts/set-limits.ts';
import { type CsvRecord, headerDelimiter, readCsv } from './csv.ts';
import { EmptyExport, ExportFormatMismatch, TooManyRows, UnknownExportFormat } from './errors.ts';
import { HEVY_FORMAT } from './hevy-format.ts';
import type { ImportedExercise, ImportedWorkout } from './imported-workout.ts';
import { type Cell, type FileReading, type FormatReader, type RowReading, RowRejected } from './row-reading.ts';
import { STRONG_FORMAT } from './strong-format.ts';

/**
 * The workout exports of two popular apps, Strong and Hevy, read into workouts ready for the
 * workout commands. A row that cannot be used is rejected with its line and a reason; the rest
 * of the file still imports. Values are checked against the same bounds the workouts API
 * enforces, because imported sets bypass the API's request validation; so is how many exercises
 * a workout and sets an exercise hold, the rows past either bound rejected.
 */

export const IMPORT_FORMATS: Record<ImportFormat, string> = { strong: 'Strong', hevy: 'Hevy' };

export type ParsedExport = { format: ImportFormat; workouts: ImportedWorkout[]; rejected: RejectedRow[] };

export type ParseOptions = {
  /** Detected from the header row when absent. */
  format?: ImportFormat;
  /** The unit of Strong's Weight column, which follows the app's setting (default kg). */
  weightUnit?: WeightUnit;
  /** More data rows than this refuse the whole file. */
  maxRows?: number;
};

const READERS: Record<ImportFormat, FormatReader> = { strong: STRONG_FORMAT, hevy: HEVY_FORMAT };

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
