import {
  allBeats,
  type ExerciseRecordsDocument,
  type OneRepMaxFormula,
  progressOf,
  type RecordBeatsDocument,
  type RecordedEvent,
  recordBeatsId,
  recordsFromDocuments,
  type SetValues,
  shiftDay,
  summarizeTraining,
  type TrainingSummaryDocument,
  trainingSummaryId,
  type WorkoutDocument,
  type WorkoutEvent,
} from '@fitness/contracts';
import { seededRandom } from '@fitness/contracts/testing/seeded-random.ts';
import type { ProjectionBatch, ProjectionDocuments } from '../projection.ts';
import { workoutsProjection } from '../workouts/workouts-projection.ts';
import { type PersonalRecordsDocument, personalRecordsProjection } from './personal-records-projection.ts';

/**
 * The projection's documents in a Map, stored as JSON as the read store would. Keeps the ids of
 * the writes (the runner writes and announces every document set), to tell what an event touched.
 */
export function documentsInMemory() {
  const stored = new Map<string, PersonalRecordsDocument>();
  const written: string[] = [];
  const documents: ProjectionDocuments<PersonalRecordsDocument> = {
    get: async (id) => {
      const document = stored.get(id);
      return document ? JSON.parse(JSON.stringify(document)) : null;
    },
    set: (id, document) => {
      written.push(id);
      if (document) stored.set(id, JSON.parse(JSON.stringify(document)));
      else stored.delete(id);
    },
  };
  return { stored, written, documents };
}

/**
 * The projection (tiny chunks if asked) and, beside it, the workouts read model the reference
 * functions read. Events are folded in batches of `eventsPerBatch` (1: each event is its own
 * batch), finished as the runner finishes them; `flush` finishes the batch under way.
 */
export function foldedHistory(projection = personalRecordsProjection, options: { eventsPerBatch?: number } = {}) {
  const { stored, written, documents } = documentsInMemory();
  const workouts = new Map<string, WorkoutDocument>();
  const eventsPerBatch = options.eventsPerBatch ?? 1;
  const batch: ProjectionBatch = new Map();
  let position = 0;

  async function flush() {
    await projection.finish?.(documents, batch);
    batch.clear();
  }

  async function apply(event: WorkoutEvent) {
    position += 1;
    const timestamp = new Date(Date.UTC(2026, 0, 1) + position * 1000).toISOString();
    const recorded: RecordedEvent<WorkoutEvent> = {
      ...event,
      id: `e${position}`,
      streamId: `workout-${event.data.workoutId}`,
      revision: 0,
      position,
      recordedAt: timestamp,
      metadata: { actorId: null, commandId: `c${position}`, correlationId: 'c', timestamp, schemaVersion: 1 },
    };
    const workout = workoutsProjection.evolve(workouts.get(event.data.workoutId) ?? null, recorded);
    if (workout) workouts.set(workout.id, workout);
    else workouts.delete(event.data.workoutId);
    await projection.apply(recorded, documents, batch);
    if (position % eventsPerBatch === 0) await flush();
    return recorded;
  }

  /** The user's workouts as the read store lists them (by id). */
  const workoutsOf = (userId: string) =>
    [...workouts.values()].filter((workout) => workout.user_id === userId).sort((a, b) => (a.id < b.id ? -1 : 1));

  /** /metrics/prs and /metrics/achievements as the query answers them from the projection's documents (achievements: the summary and the record beats). */
  const answers = (userId: string) => {
    const records = [...stored.values()].filter(
      (document): document is ExerciseRecordsDocument =>
        document.kind === 'exercise_records' && document.user_id === userId,
    );
    const summary = stored.get(trainingSummaryId(userId)) as TrainingSummaryDocument | undefined;
    const beats = stored.get(recordBeatsId(userId)) as RecordBeatsDocument | undefined;
    return {
      records: (formula: OneRepMaxFormula) => recordsFromDocuments(records, formula),
      progress: (today: string) =>
        progressOf(
          summary ?? summarizeTraining([]),
          allBeats(Object.values(beats?.by_exercise ?? {}).map((exercise) => ({ beats: exercise }))),
          today,
        ),
    };
  };

  /** Applies an event the projection already saw once more, as a retried batch would. */
  const reapply = async (event: RecordedEvent<WorkoutEvent>) => {
    await projection.apply(event, documents, batch);
    await flush();
  };

  return { apply, flush, reapply, stored, written, workouts: () => [...workouts.values()], workoutsOf, answers };
}

/** Library exercises (kept by id, renamed now and then) and hand-typed ones (kept by name, spelt loosely). */
const EXERCISES = [
  { exerciseId: 'bench', names: ['Bench press', 'Barbell bench press'] },
  { exerciseId: 'squat', names: ['Squat'] },
  { exerciseId: 'run', names: ['Running'] },
  { exerciseId: null, names: ['Pull-up', 'pull-up ', 'PULL-UP'] },
  { exerciseId: null, names: ['Sled push', 'sled Push'] },
  { exerciseId: null, names: ['Farmer carry'] },
] as const;

/**
 * A random history of a few users' workouts, as the command side could write it: workouts
 * started on days that mostly follow each other (so streaks form), sometimes at the same
 * instant; exercises added, renamed and removed; sets logged (warm-ups, bodyweight, timed,
 * weights with decimals), changed and removed; workouts completed, moved to another day, their
 * duration changed, deleted.
 */
export function* randomHistory(
  { seed, steps, users, daily = false }: History,
  live: () => WorkoutDocument[],
): Generator<WorkoutEvent> {
  const r = seededRandom(seed);
  let day = '2026-01-01';
  let count = 0;
  let latest = '';
  const valuesOf = (cardio: boolean): SetValues => ({
    reps: r.int(1, 15),
    weight: cardio || r.chance(0.15) ? null : r.pick([r.int(1, 80) * 2.5, r.int(100, 20000) / 100, 0]),
    restTime: null,
    type: r.chance(0.2) ? 'warmup' : 'working',
    notes: null,
    duration: cardio || r.chance(0.05) ? r.int(0, 3600) : null,
    distance: cardio ? r.int(0, 10000) : null,
    rpe: null,
  });
  for (let step = 0; step < steps; step += 1) {
    const workouts = live();
    // Day by day, most events go to the workout of the day.
    const today = daily && r.chance(0.8) ? workouts.find((workout) => workout.id === latest) : undefined;
    const workout = today ?? r.pick(workouts);
    const exercise = workout && r.pick(workout.exercises);
    const set = exercise && r.pick(exercise.sets);
    const roll = r.int(0, 99);
    let event: WorkoutEvent;
    if (!workout || roll < (daily ? 5 : 10)) {
      count += 1;
      const forward = daily ? shiftDay(day, 1) : shiftDay(day, r.pick([0, 1, 1, 1, 2]));
      day = r.chance(daily ? 0.97 : 0.85) ? forward : shiftDay(day, -r.int(1, 20));
      const id = `w${r.int(0, 1e9).toString(36)}-${count}`;
      latest = id;
      const startedAt = r.chance(0.3)
        ? `${day}T07:00:00.000Z`
        : `${day}T${String(r.int(10, 20))}:${r.int(10, 59)}:00.000Z`;
      event = {
        type: 'WorkoutStarted',
        data: { workoutId: id, userId: r.pick(users), name: 'W', notes: null, date: day, startedAt },
      };
    } else if (roll < 25 || !exercise) {
      const chosen = r.pick(EXERCISES);
      event = {
        type: 'WorkoutExerciseAdded',
        data: {
          workoutId: workout.id,
          workoutExerciseId: `x${step}`,
          exerciseId: chosen.exerciseId,
          name: r.pick(chosen.names),
          notes: null,
          addedAt: '2026-01-01T00:00:00.000Z',
        },
      };
    } else if (roll < 60 || !set) {
      event = {
        type: 'SetLogged',
        data: {
          workoutId: workout.id,
          workoutExerciseId: exercise.id,
          setId: `s${step}`,
          loggedAt: '2026-01-01T00:00:00.000Z',
          ...valuesOf(exercise.exercise_id === 'run'),
        },
      };
    } else if (roll < 68) {
      const values = valuesOf(r.chance(0.2));
      const changes = Object.fromEntries(Object.entries(values).filter(() => r.chance(0.4)));
      event = {
        type: 'SetChanged',
        data: { workoutId: workout.id, workoutExerciseId: exercise.id, setId: set.id, changes },
      };
    } else if (roll < 73) {
      event = { type: 'SetRemoved', data: { workoutId: workout.id, workoutExerciseId: exercise.id, setId: set.id } };
    } else if (roll < 76) {
      const names = EXERCISES.find((e) => e.names.some((name) => name === exercise.name))?.names ?? ['Other'];
      event = {
        type: 'WorkoutExerciseChanged',
        data: { workoutId: workout.id, workoutExerciseId: exercise.id, name: r.pick([...names, 'Sled push', 'Other']) },
      };
    } else if (roll < 78) {
      event = { type: 'WorkoutExerciseRemoved', data: { workoutId: workout.id, workoutExerciseId: exercise.id } };
    } else if (roll < (daily ? 97 : 90)) {
      event = {
        type: 'WorkoutCompleted',
        data: { workoutId: workout.id, completedAt: '2026-01-01T00:00:00.000Z', duration: r.int(0, 120) },
      };
    } else if (roll < (daily ? 99 : 96)) {
      event = {
        type: 'WorkoutDetailsChanged',
        data: r.chance(0.7)
          ? { workoutId: workout.id, date: shiftDay(workout.date, r.int(-10, 10)) }
          : { workoutId: workout.id, duration: r.int(0, 120), name: 'Renamed' },
      };
    } else {
      event = { type: 'WorkoutDeleted', data: { workoutId: workout.id, deletedAt: '2026-01-01T00:00:00.000Z' } };
    }
    yield event;
  }
}

export type History = {
  seed: number;
  steps: number;
  users: string[];
  /** A workout (nearly) every day, rarely deleted: long streaks and hundreds of workouts. */
  daily?: boolean;
  /** Compare the answers after every so many events. */
  every?: number;
  /** Workouts per chunk of an exercise's history (tiny: chunks split and empty all the time). */
  chunkSize?: number;
  /** Events folded before the batch is finished (1 unless given). */
  eventsPerBatch?: number;
};
