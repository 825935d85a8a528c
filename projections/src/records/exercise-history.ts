import { isDeepStrictEqual } from 'node:util';
import type { ProjectionDocuments } from '../projection.ts';
import { type ExerciseWorkoutDocument, exerciseWorkoutId } from './exercise-workout-document.ts';
import { BEST_KINDS, type ExerciseWorkout, inTheOrderOf, type RunBests, runBestsOver } from './exercise-workouts.ts';

/**
 * One user's history of one exercise: every workout they logged it in, in the order the workouts
 * happened, kept in chunks of a few dozen workouts so that a set logged rewrites one chunk, not
 * the whole history. This index names the chunks, in order, each with what the records need of
 * it (its bests as one run), so the records come from a pass over the chunks rather than over
 * every workout. Read by the projection only.
 */
export type ExerciseHistoryDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_history';
  chunks: HistoryChunk[];
  /** The number the next chunk is named with. */
  next_chunk: number;
};

export type HistoryChunk = {
  id: string;
  /** Its first workout, and the library id the exercise was first logged with there. */
  first: Pick<ExerciseWorkout, 'at' | 'exercise_id'>;
  /** Its last workout, and the name the exercise was logged under there. */
  last_workout_id: string;
  last_name: string;
  bests: RunBests;
};

/** Up to this many workouts of one exercise in one chunk document (each a few hundred bytes). */
export const CHUNK_SIZE = 32;

/**
 * A run of the history's workouts, in order. A workout in progress is there without its bests
 * (they are in its ExerciseWorkoutDocument, which its sets rewrite anyway): a set that raises
 * them leaves the chunk as it is, and its summary in the index is worked out from that document.
 */
export type ExerciseChunkDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_chunk';
  workouts: ExerciseWorkout[];
};

/** What a chunk holds of a workout (see ExerciseChunkDocument). */
export const chunkEntry = (workout: ExerciseWorkout): ExerciseWorkout =>
  workout.completed ? workout : { ...workout, bests: {} };

type Documents = ProjectionDocuments;

export const exerciseHistoryId = (userId: string, key: string) => `exercise_history:${userId}:${key}`;
const chunkId = (userId: string, key: string, number: number) => `exercise_chunk:${userId}:${key}:${number}`;

/** The chunk a workout is in, or goes in: the last one starting at or before it (the first if none). */
function chunkOf(chunks: HistoryChunk[], workout: ExerciseWorkout) {
  let found = 0;
  chunks.forEach((chunk, index) => {
    if (inTheOrderOf(chunk.first, workout) <= 0) found = index;
  });
  return found;
}

async function summary(
  documents: Documents,
  key: string,
  id: string,
  workouts: ExerciseWorkout[],
): Promise<HistoryChunk | null> {
  const first = workouts[0];
  const last = workouts.at(-1);
  if (!first || !last) return null;
  const withBests: ExerciseWorkout[] = [];
  for (const workout of workouts) {
    if (workout.completed) {
      withBests.push(workout);
      continue;
    }
    const live = (await documents.get(exerciseWorkoutId(workout.at.workout_id, key))) as ExerciseWorkoutDocument | null;
    withBests.push(live?.workout ?? workout);
  }
  return {
    id,
    first: { at: first.at, exercise_id: first.exercise_id },
    last_workout_id: last.at.workout_id,
    last_name: last.name,
    bests: runBestsOver(withBests),
  };
}

/**
 * Replaces what one workout held of the exercise (`was`, none if it did not hold it) by what it
 * holds now (`is`, none if it no longer does), as its chunk holds them (`chunkEntry`), and writes
 * the chunks that changed and the index. The documents of the workouts in progress are read as
 * they are now: set them first.
 * Returns the index (null once the history is empty), and whether it changed: if not, neither
 * did anything the records are worked out from but the workouts' completed status.
 */
export async function replaceInHistory(
  documents: Documents,
  { userId, key, chunkSize }: { userId: string; key: string; chunkSize: number },
  was: ExerciseWorkout | undefined,
  is: ExerciseWorkout | undefined,
): Promise<{ history: ExerciseHistoryDocument | null; changed: boolean }> {
  const id = exerciseHistoryId(userId, key);
  const stored = (await documents.get(id)) as ExerciseHistoryDocument | null;
  let chunks = stored?.chunks ?? [];
  let next = stored?.next_chunk ?? 0;
  const changed = new Map<string, ExerciseWorkout[]>();
  const workoutsOf = async (chunk: HistoryChunk) =>
    changed.get(chunk.id) ?? ((await documents.get(chunk.id)) as ExerciseChunkDocument | null)?.workouts ?? [];

  if (was && chunks.length > 0) {
    const chunk = chunks[chunkOf(chunks, was)] as HistoryChunk;
    const workouts = (await workoutsOf(chunk)).filter((other) => other.at.workout_id !== was.at.workout_id);
    changed.set(chunk.id, workouts);
  }
  if (is) {
    if (chunks.length === 0) {
      chunks = [
        { id: chunkId(userId, key, next), first: is, last_workout_id: is.at.workout_id, last_name: is.name, bests: {} },
      ];
      next += 1;
    }
    const chunk = chunks[chunkOf(chunks, is)] as HistoryChunk;
    const workouts = (await workoutsOf(chunk)).filter((other) => other.at.workout_id !== is.at.workout_id);
    let position = workouts.findIndex((other) => inTheOrderOf(is, other) < 0);
    if (position < 0) position = workouts.length;
    workouts.splice(position, 0, is);
    changed.set(chunk.id, workouts);
  }

  const updated: HistoryChunk[] = [];
  let indexChanged = chunks.length !== stored?.chunks.length;
  for (const chunk of chunks) {
    const workouts = changed.get(chunk.id);
    if (!workouts) {
      updated.push(chunk);
      continue;
    }
    // A full chunk splits in two: the second half goes to a new chunk.
    const halves =
      workouts.length > chunkSize
        ? [
            { id: chunk.id, workouts: workouts.slice(0, workouts.length >> 1) },
            { id: chunkId(userId, key, next++), workouts: workouts.slice(workouts.length >> 1) },
          ]
        : [{ id: chunk.id, workouts }];
    for (const half of halves) {
      const meta = await summary(documents, key, half.id, half.workouts);
      documents.set(half.id, meta && { id: half.id, user_id: userId, kind: 'exercise_chunk', workouts: half.workouts });
      if (meta) updated.push(meta);
      // Most sets change one workout's bests without changing its chunk's: the index stays.
      indexChanged ||= half.id !== chunk.id || !isDeepStrictEqual(meta, chunk);
    }
  }
  if (!indexChanged) return { history: stored, changed: false };
  const history: ExerciseHistoryDocument | null =
    updated.length > 0 ? { id, user_id: userId, kind: 'exercise_history', chunks: updated, next_chunk: next } : null;
  documents.set(id, history);
  return { history, changed: true };
}

/**
 * Works the summary of the chunk holding a workout in progress out again, after its bests
 * changed (`was` to `is`, as its document now holds them), and writes the index if it changed.
 * Returns the index, and whether it changed.
 */
export async function refreshChunkOf(
  documents: Documents,
  { userId, key }: { userId: string; key: string },
  was: ExerciseWorkout,
  is: ExerciseWorkout,
): Promise<{ history: ExerciseHistoryDocument | null; changed: boolean }> {
  const id = exerciseHistoryId(userId, key);
  const stored = (await documents.get(id)) as ExerciseHistoryDocument | null;
  if (!stored) return { history: null, changed: false };
  const index = chunkOf(stored.chunks, is);
  const chunk = stored.chunks[index] as HistoryChunk;
  if (cannotChange(chunk, was, is)) return { history: stored, changed: false };
  const workouts = ((await documents.get(chunk.id)) as ExerciseChunkDocument | null)?.workouts ?? [];
  const meta = await summary(documents, key, chunk.id, workouts);
  if (!meta || isDeepStrictEqual(meta, chunk)) return { history: stored, changed: false };
  const history = { ...stored, chunks: stored.chunks.map((each, at) => (at === index ? meta : each)) };
  documents.set(id, history);
  return { history, changed: true };
}

/**
 * Whether the chunk's summary is sure to stay as it is when its last workout's bests go from
 * `was` to `is` (what most sets of the workout of the day do, read from the index alone): each
 * best that changed stays at or below the chunk's, which an earlier workout holds, and what
 * comes after that one does not count for it.
 */
function cannotChange(chunk: HistoryChunk, was: ExerciseWorkout, is: ExerciseWorkout) {
  if (chunk.last_workout_id !== is.at.workout_id) return false;
  return BEST_KINDS.every((kind) => {
    const best = is.bests[kind];
    if (isDeepStrictEqual(was.bests[kind], best)) return true;
    const held = chunk.bests[kind];
    return !!held && held.workout_id !== is.at.workout_id && (best?.value ?? 0) <= held.value;
  });
}

/** Every workout of the exercise, in order. */
export async function allWorkouts(documents: Documents, history: ExerciseHistoryDocument) {
  const chunks = await Promise.all(history.chunks.map((chunk) => documents.get(chunk.id)));
  return chunks.flatMap((chunk) => (chunk as ExerciseChunkDocument | null)?.workouts ?? []);
}
