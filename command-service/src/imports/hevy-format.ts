import { MAX_REPS, MAX_SET_SECONDS, MAX_WORKOUT_MINUTES } from '@fitness/contracts/workouts/set-limits.ts';
import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { type Cell, type FileReading, type FormatReader, type RowReading, RowRejected } from './row-reading.ts';
import {
  calendarTime,
  completeSet,
  distanceMetres,
  METRES_PER_MILE,
  notesAndRpe,
  optionalNotes,
  parseCount,
  parseDateTime,
  parseWeight,
  positiveOrNull,
  requiredName,
} from './row-values.ts';

/** The columns of Hevy's workout export and how a row of it reads. */
export const HEVY_FORMAT: FormatReader = {
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
};

/** Hevy's set_type column: normal, warmup, dropset or failure. */
const HEVY_SET_TYPES: Record<string, SetType> = { warmup: 'warmup', dropset: 'drop', failure: 'failure' };

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
