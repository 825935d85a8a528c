import type { ImportedSet } from '../imported-workout.ts';

/** A set as an export's row reads: a working set of no reps, and nothing else, unless `values` say so. */
export const importedSet = (values: Partial<ImportedSet>): ImportedSet => ({
  reps: 0,
  weightKg: null,
  type: 'working',
  durationSeconds: null,
  distanceMetres: null,
  notes: null,
  rpe: null,
  ...values,
});
