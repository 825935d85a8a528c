import type { WeightUnit } from '@fitness/contracts';
import type { ImportedExercise, ImportedSet, ImportedWorkout } from './imported-workout.ts';

/** A row that cannot be imported, and why; caught per row and reported, never thrown out of the parser. */
export class RowRejected extends Error {}

/** One row as a format reads it: the workout, exercise and set it belongs to. */
export type RowReading = {
  workout: Omit<ImportedWorkout, 'exercises'>;
  exercise: Omit<ImportedExercise, 'sets'>;
  set: ImportedSet;
};

/** The value of a named column in the current row (header names compare case-insensitively). */
export type Cell = (column: string) => string;

/** What the whole file says about its values: the unit of a weight column that names none, its decimal separator. */
export type FileReading = { weightUnit: WeightUnit; decimalComma: boolean };

export type FormatReader = {
  /** Columns the header must have; a name with `|` accepts any one of its alternatives. */
  columns: string[];
  read(cell: Cell, has: (column: string) => boolean, file: FileReading): RowReading;
};
