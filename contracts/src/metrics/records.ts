import type { WorkoutDocument } from '../workouts/api.ts';

export type OneRepMaxFormula = 'epley' | 'brzycki';

/** Estimated one-rep max. Epley: w × (1 + r/30); Brzycki: w × 36 / (37 − r); a single rep is the weight itself. */
export function estimatedOneRepMax(weight: number, reps: number, formula: OneRepMaxFormula): number {
  if (reps <= 1) return weight;
  const value = formula === 'brzycki' ? (reps >= 37 ? weight : (weight * 36) / (37 - reps)) : weight * (1 + reps / 30);
  return Math.round(value * 10) / 10;
}

export type RecordType =
  | 'heaviest_weight'
  | 'best_e1rm'
  | 'most_reps'
  | 'best_volume'
  | 'longest_duration'
  | 'longest_distance';

export type PersonalRecord = {
  value: number;
  reps: number;
  weight: number | null;
  date: string;
  workout_id: string;
  set_id: string;
  /** The best before this one, or null for the first. */
  previous: { value: number; date: string } | null;
};

export type ExerciseRecords = {
  exercise_id: string | null;
  name: string;
  records: Partial<Record<RecordType, PersonalRecord>>;
};

/** How the same exercise is recognised across workouts: by library id, else by name. */
const keyOf = (exercise: { exercise_id: string | null; name: string }) =>
  exercise.exercise_id ? `id:${exercise.exercise_id}` : `name:${exercise.name.trim().toLowerCase()}`;

/**
 * Personal records per exercise from a user's workouts (the read model): heaviest weight, best
 * estimated 1RM, most reps in a set, best set volume (weight × reps), longest time and distance.
 * Workouts are taken in the order they happened and sets in the order logged; warm-up sets never
 * count, bodyweight sets count for reps, time and distance only. Each record keeps the best it
 * beat. Deleted workouts are not in the read model, so their records go with them.
 */
export function personalRecords(workouts: WorkoutDocument[], formula: OneRepMaxFormula = 'epley'): ExerciseRecords[] {
  return recordHistory(workouts, formula).records;
}

/** A record beaten: a set that bettered an earlier best of its kind (the first of each kind is not a beat). */
export type RecordBeat = { date: string; workout_id: string; exercise: string; type: RecordType };

/** The records and, in the order they happened, every time one was beaten. */
export function recordHistory(workouts: WorkoutDocument[], formula: OneRepMaxFormula = 'epley') {
  const beats: RecordBeat[] = [];
  const ordered = [...workouts].sort(
    (a, b) => a.date.localeCompare(b.date) || a.started_at.localeCompare(b.started_at),
  );
  const byExercise = new Map<string, ExerciseRecords>();
  for (const workout of ordered) {
    for (const exercise of workout.exercises) {
      const key = keyOf(exercise);
      const entry = byExercise.get(key) ?? { exercise_id: exercise.exercise_id, name: exercise.name, records: {} };
      entry.name = exercise.name; // the latest name it was logged under
      byExercise.set(key, entry);
      for (const set of exercise.sets) {
        if (set.type === 'warmup') continue;
        const beat = (type: RecordType, value: number | null) => {
          if (value === null || value <= 0) return;
          const current = entry.records[type];
          if (current && value <= current.value) return;
          // One beat per workout, exercise and kind: a bar raised twice in one workout is one record.
          if (current && current.workout_id !== workout.id)
            beats.push({ date: workout.date, workout_id: workout.id, exercise: key, type });
          entry.records[type] = {
            value,
            reps: set.reps,
            weight: set.weight,
            date: workout.date,
            workout_id: workout.id,
            set_id: set.id,
            previous: current ? { value: current.value, date: current.date } : null,
          };
        };
        if (set.weight !== null && set.weight > 0) {
          beat('heaviest_weight', set.weight);
          beat('best_e1rm', estimatedOneRepMax(set.weight, set.reps, formula));
          beat('best_volume', Math.round(set.weight * set.reps * 10) / 10);
        }
        if (set.duration === null && set.distance === null) beat('most_reps', set.reps);
        beat('longest_duration', set.duration);
        beat('longest_distance', set.distance);
      }
    }
  }
  return { records: [...byExercise.values()].filter((entry) => Object.keys(entry.records).length > 0), beats };
}

/** The records a set holds, e.g. to announce the moment it is logged. */
export function recordsSetBy(records: ExerciseRecords[], setId: string) {
  return records.flatMap((entry) =>
    (Object.entries(entry.records) as [RecordType, PersonalRecord][])
      .filter(([, record]) => record.set_id === setId)
      .map(([type, record]) => ({ type, name: entry.name, record })),
  );
}
