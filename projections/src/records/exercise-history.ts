import { isDeepStrictEqual } from 'node:util';
import type { ProjectionDocuments } from '../projection.ts';
import { type ExerciseWorkout, inTheOrderOf, type RunBests, runBestsOver } from './exercise-workouts.ts';

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
  count: number;
  /** Its first workout, and the library id the exercise was first logged with there. */
  first: Pick<ExerciseWorkout, 'at' | 'exercise_id'>;
  /** The name the exercise was last logged under in its last workout. */
  last_name: string;
  bests: RunBests;
};

/** Up to this many workouts of one exercise in one chunk document (each a few hundred bytes). */
export const CHUNK_SIZE = 32;

export type ExerciseChunkDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_chunk';
  workouts: ExerciseWorkout[];
};

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

function summary(id: string, workouts: ExerciseWorkout[]): HistoryChunk | null {
  const first = workouts[0];
  const last = workouts.at(-1);
  if (!first || !last) return null;
  return {
    id,
    count: workouts.length,
    first: { at: first.at, exercise_id: first.exercise_id },
    last_name: last.name,
    bests: runBestsOver(workouts),
  };
}

/**
 * Replaces what one workout held of the exercise (`was`, none if it did not hold it) by what it
 * holds now (`is`, none if it no longer does) and writes the chunks that changed and the index.
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
      chunks = [{ id: chunkId(userId, key, next), count: 0, first: is, last_name: is.name, bests: {} }];
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
      const meta = summary(half.id, half.workouts);
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

/** Every workout of the exercise, in order. */
export async function allWorkouts(documents: Documents, history: ExerciseHistoryDocument) {
  const chunks = await Promise.all(history.chunks.map((chunk) => documents.get(chunk.id)));
  return chunks.flatMap((chunk) => (chunk as ExerciseChunkDocument | null)?.workouts ?? []);
}
