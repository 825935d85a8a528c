import type { WorkoutDocument, WorkoutSet } from '../workouts/api.ts';

/** The formulas a one-rep max is estimated by (estimatedOneRepMax), as `?formula=` names them. */
export const ONE_REP_MAX_FORMULAS = ['epley', 'brzycki'] as const;
export type OneRepMaxFormula = (typeof ONE_REP_MAX_FORMULAS)[number];

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
  /**
   * The best of an earlier workout that this one beat, or null when none had one: a first
   * session with an exercise sets baselines, however often it raises them, and beats nothing.
   */
  previous: { value: number; date: string } | null;
};

export type Records = Partial<Record<RecordType, PersonalRecord>>;

export type ExerciseRecords = {
  exercise_id: string | null;
  name: string;
  records: Records;
};

/** How the same exercise is recognised across workouts: by library id, else by name. */
export const exerciseKey = (exercise: { exercise_id: string | null; name: string }) =>
  exercise.exercise_id ? `id:${exercise.exercise_id}` : `name:${exercise.name.trim().toLowerCase()}`;

/** Warm-up sets never count towards a record. */
export const countsForRecords = (set: Pick<WorkoutSet, 'type'>) => set.type !== 'warmup';

/**
 * The order workouts happened in: by day, then start time, then id (the order the read store
 * lists them in), so two workouts started at the same instant still have one order.
 */
export function inTheOrderTheyHappened(
  a: { date: string; started_at: string; id: string },
  b: { date: string; started_at: string; id: string },
) {
  return happened(a.date, a.started_at, a.id, b.date, b.started_at, b.id);
}

function happened(dayA: string, startA: string, idA: string, dayB: string, startB: string, idB: string) {
  return dayA.localeCompare(dayB) || startA.localeCompare(startB) || (idA < idB ? -1 : +(idA > idB));
}

/** What a set needs for the records it may hold. */
export type RecordSet = Pick<WorkoutSet, 'id' | 'reps' | 'weight' | 'duration' | 'distance'>;

/** The kinds of record, in the order the API lists them. */
export const RECORD_TYPES: readonly RecordType[] = [
  'heaviest_weight',
  'best_e1rm',
  'most_reps',
  'best_volume',
  'longest_duration',
  'longest_distance',
];

/**
 * What a set (not a warm-up) measures for each kind of record it can hold, in the order they are
 * checked: heaviest weight, best estimated 1RM and best set volume (weight × reps) for a set with
 * a weight; most reps for a set with neither time nor distance (bodyweight sets included);
 * longest time and distance. Only a value above zero holds a record.
 */
export function recordValues(set: RecordSet, formula: OneRepMaxFormula): [RecordType, number][] {
  const values: [RecordType, number | null][] = [];
  if (set.weight !== null && set.weight > 0) {
    values.push(
      ['heaviest_weight', set.weight],
      ['best_e1rm', estimatedOneRepMax(set.weight, set.reps, formula)],
      ['best_volume', Math.round(set.weight * set.reps * 10) / 10],
    );
  }
  if (set.duration === null && set.distance === null) values.push(['most_reps', set.reps]);
  values.push(['longest_duration', set.duration], ['longest_distance', set.distance]);
  return values.filter((entry): entry is [RecordType, number] => entry[1] !== null && entry[1] > 0);
}

/**
 * Folds one set (not a warm-up) into an exercise's records, in place (see `recordValues`); each
 * record keeps the best of an earlier workout it beat (a record raised again in its own workout
 * keeps what the first beat). Returns the kinds the set beat an earlier workout's best of: one
 * beat per workout, exercise and kind, so a bar raised twice in one workout is one record (and
 * the first of each kind is not a beat). A record is a beat exactly when its `previous` is set.
 */
export function recordSet(
  records: Records,
  set: RecordSet,
  workout: { id: string; date: string },
  formula: OneRepMaxFormula,
): RecordType[] {
  const beaten: RecordType[] = [];
  for (const [type, value] of recordValues(set, formula)) {
    const current = records[type];
    if (current && value <= current.value) continue;
    const earlier = current !== undefined && current.workout_id !== workout.id;
    if (earlier) beaten.push(type);
    records[type] = {
      value,
      reps: set.reps,
      weight: set.weight,
      date: workout.date,
      workout_id: workout.id,
      set_id: set.id,
      previous: earlier ? { value: current.value, date: current.date } : (current?.previous ?? null),
    };
  }
  return beaten;
}

/**
 * Personal records per exercise from a user's workouts (the read model), see `recordSet`.
 * Workouts are taken in the order they happened and sets in the order logged. Exercises come in
 * the order first logged, each under the latest name it was logged under. Deleted workouts are
 * not in the read model, so their records go with them.
 */
export function personalRecords(workouts: WorkoutDocument[], formula: OneRepMaxFormula = 'epley'): ExerciseRecords[] {
  return recordHistory(workouts, formula).records;
}

/** A record beaten: a set that bettered an earlier best of its kind (the first of each kind is not a beat). */
export type RecordBeat = { date: string; workout_id: string; exercise: string; type: RecordType };

/** The records and, in the order they happened, every time one was beaten. */
export function recordHistory(workouts: WorkoutDocument[], formula: OneRepMaxFormula = 'epley') {
  const beats: RecordBeat[] = [];
  const byExercise = new Map<string, ExerciseRecords>();
  for (const workout of [...workouts].sort(inTheOrderTheyHappened)) {
    for (const exercise of workout.exercises) {
      const key = exerciseKey(exercise);
      const entry = byExercise.get(key) ?? { exercise_id: exercise.exercise_id, name: exercise.name, records: {} };
      entry.name = exercise.name; // the latest name it was logged under
      byExercise.set(key, entry);
      for (const set of exercise.sets.filter(countsForRecords)) {
        for (const type of recordSet(entry.records, set, workout, formula)) {
          beats.push({ date: workout.date, workout_id: workout.id, exercise: key, type });
        }
      }
    }
  }
  return { records: [...byExercise.values()].filter((entry) => Object.keys(entry.records).length > 0), beats };
}

/** The day of an exercise's newest record ('' for none). */
export const newestRecordDate = (entry: Pick<ExerciseRecords, 'records'>) =>
  Object.values(entry.records).reduce((latest, record) => (record && record.date > latest ? record.date : latest), '');

/** The newest record first (what the dashboard shows as "recent"); exercises with equally new ones keep their order. */
export function newestRecordsFirst(records: ExerciseRecords[]): ExerciseRecords[] {
  return [...records].sort((a, b) => newestRecordDate(b).localeCompare(newestRecordDate(a)));
}

/** Where an exercise was logged: the workout (in the order workouts happened) and its place in it. */
export type LoggedAt = { date: string; started_at: string; workout_id: string; index: number };

export const inTheOrderLogged = (a: LoggedAt, b: LoggedAt) =>
  happened(a.date, a.started_at, a.workout_id, b.date, b.started_at, b.workout_id) || a.index - b.index;

/** Record beats in completed workouts: how many, and the days of the first ten (what achievements need). */
export type RecordBeats = { count: number; first_days: string[] };

export const FIRST_BEATS_KEPT = 10;

/**
 * The `personal_records` read model's document for one exercise of one user, kept up to date as
 * sets and workouts change: /metrics/prs and /metrics/achievements read these (one per exercise
 * with a record) instead of every workout.
 */
export type ExerciseRecordsDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_records';
  exercise_id: string | null;
  name: string;
  first_logged: LoggedAt;
  /** Over all workouts, in progress or completed, with the 1RM by Epley. */
  records: Records;
  /** The best estimated 1RM by Brzycki (the only record the formula changes). */
  best_e1rm_brzycki: PersonalRecord | null;
  /** Over completed workouts only (by Epley), for achievements. */
  beats: RecordBeats;
};

/** The read model of records and achievements (one collection, several kinds of document). */
export const PERSONAL_RECORDS_MODEL = 'personal_records';

export const exerciseRecordsId = (userId: string, key: string) => `exercise_records:${userId}:${key}`;

/**
 * Whether a change notice changes what /metrics/prs or /metrics/achievements answer: the model
 * also holds the projection's own working documents, which change with every set logged.
 */
export const changesRecordsOrAchievements = (notice: { model: string; id: string }) =>
  notice.model === PERSONAL_RECORDS_MODEL &&
  (notice.id.startsWith('exercise_records:') || notice.id.startsWith('training_summary:'));

/**
 * The exercise a change notice of a user's exercise records is about (its key, see
 * `exerciseRecordsId`), or null for a notice of anything else.
 */
export function exerciseOfRecordsNotice(notice: { model: string; id: string; userId: string | null }) {
  if (notice.model !== PERSONAL_RECORDS_MODEL || notice.userId === null) return null;
  const prefix = exerciseRecordsId(notice.userId, '');
  return notice.id.startsWith(prefix) ? notice.id.slice(prefix.length) : null;
}

/** What an exercise's records are answered from (a change notice's document carries this much). */
export type ShownExerciseRecords = Pick<
  ExerciseRecordsDocument,
  'exercise_id' | 'name' | 'records' | 'best_e1rm_brzycki'
>;

/** An exercise's records as /metrics/prs answers them, by the formula asked for. */
export function exerciseRecordsOf(document: ShownExerciseRecords, formula: OneRepMaxFormula): ExerciseRecords {
  const { exercise_id, name } = document;
  if (formula === 'epley') return { exercise_id, name, records: document.records };
  const brzycki = document.best_e1rm_brzycki;
  const records: Records = {};
  // The kinds in the order they were first set, as the fold leaves them.
  for (const type of Object.keys(document.records) as RecordType[]) {
    const record = type === 'best_e1rm' ? brzycki : document.records[type];
    if (record) records[type] = record;
  }
  if (brzycki && !records.best_e1rm) records.best_e1rm = brzycki;
  return { exercise_id, name, records };
}

/** /metrics/prs from a user's exercise records documents: the same answer `personalRecords` gives, newest first. */
export function recordsFromDocuments(
  documents: ExerciseRecordsDocument[],
  formula: OneRepMaxFormula = 'epley',
): ExerciseRecords[] {
  const ordered = [...documents].sort((a, b) => inTheOrderLogged(a.first_logged, b.first_logged));
  return newestRecordsFirst(
    ordered
      .map((document) => exerciseRecordsOf(document, formula))
      .filter((entry) => Object.keys(entry.records).length > 0),
  );
}

/**
 * The `personal_records` read model's document of a user's record beats, by exercise key (only
 * exercises that beat a record in a completed workout): all /metrics/achievements needs of the
 * records, one small document instead of every exercise's records.
 */
export type RecordBeatsDocument = {
  id: string;
  user_id: string;
  kind: 'record_beats';
  by_exercise: Record<string, RecordBeats>;
};

export const recordBeatsId = (userId: string) => `record_beats:${userId}`;

/** The record beats of several exercises together. */
export function allBeats(documents: Pick<ExerciseRecordsDocument, 'beats'>[]): RecordBeats {
  return {
    count: documents.reduce((sum, document) => sum + document.beats.count, 0),
    first_days: documents
      .flatMap((document) => document.beats.first_days)
      .sort()
      .slice(0, FIRST_BEATS_KEPT),
  };
}

/** The records a set holds, e.g. to announce the moment it is logged. */
export function recordsSetBy(records: ExerciseRecords[], setId: string) {
  return records.flatMap((entry) =>
    (Object.entries(entry.records) as [RecordType, PersonalRecord][])
      .filter(([, record]) => record.set_id === setId)
      .map(([type, record]) => ({ type, name: entry.name, record })),
  );
}
