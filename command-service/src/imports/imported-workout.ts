import type { SetType } from '@fitness/contracts/workouts/sets.ts';

/** A workout as an import reads it from another app's export, ready for the workout commands. */
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
