import {
  allBeats,
  type ExerciseRecordsDocument,
  type OneRepMaxFormula,
  progressOf,
  type RecordBeatsDocument,
  type RecordedEvent,
  recordBeatsId,
  recordsFromDocuments,
  summarizeTraining,
  type TrainingSummaryDocument,
  trainingSummaryId,
  type WorkoutDocument,
  type WorkoutEvent,
} from '@fitness/contracts';
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
