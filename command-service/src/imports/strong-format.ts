import type { WeightUnit } from '@fitness/contracts';
import { MAX_REPS, MAX_SET_SECONDS, MAX_WORKOUT_MINUTES } from '@fitness/contracts/workouts/set-limits.ts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { type Cell, type FileReading, type FormatReader, type RowReading, RowRejected } from './row-reading.ts';
import {
  completeSet,
  distanceMetres,
  METRES_PER_MILE,
  notesAndRpe,
  optionalNotes,
  parseCount,
  parseDateTime,
  parseNumber,
  parseWeight,
  positiveOrNull,
  requiredName,
} from './row-values.ts';

/** The columns of Strong's workout export and how a row of it reads. */
export const STRONG_FORMAT: FormatReader = {
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
};

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
