import {
  ErrorBody,
  ExerciseParams,
  type ExerciseRecordsDocument,
  exerciseKey,
  exerciseRecordsId,
  exerciseRecordsOf,
  PERSONAL_RECORDS_MODEL,
  pageOf,
  type WorkoutDocument,
} from '@fitness/contracts';
import {
  ExerciseHistoryPage,
  ExerciseHistoryQuery,
  ExerciseProgress,
  ExerciseProgressQuery,
  exerciseSession,
} from '@fitness/contracts/exercises/progress.ts';
import {
  type ExerciseChunkDocument,
  type ExerciseHistoryDocument,
  exerciseHistoryId,
} from '@fitness/projections/records/exercise-history.ts';
import {
  type ExerciseWorkoutDocument,
  exerciseWorkoutId,
  valuesOf,
} from '@fitness/projections/records/exercise-workout-document.ts';
import type { ExerciseWorkout } from '@fitness/projections/records/exercise-workouts.ts';
import { signedInReads } from '../route-group.ts';
import { catalogueOf } from './catalogue.ts';

type Stored<T> = T & { id: string };

/**
 * One exercise's progress for its page: its records, a summary of each workout it was in (for
 * the charts) and each workout's sets, newest first, paged. Read from the personal records read
 * model, which keeps each exercise's history in order, in chunks (its workouts, and its sets in
 * each): a page reads a few chunks and the page's workouts, never every workout of the user.
 */
export const exerciseProgressRoutes = signedInReads(
  [PERSONAL_RECORDS_MODEL, 'workouts', 'exercises'],
  async (app, services) => {
    const { readStore } = services;
    const catalogue = catalogueOf(readStore);

    /** The exercise's key in the records (its library id), once it is known to be the caller's to see. */
    async function keyOf(userId: string, id: string) {
      await catalogue.visibleOne(userId, id);
      return exerciseKey({ exercise_id: id, name: '' });
    }

    /** Every workout the exercise was logged in, in the order they happened. */
    async function workoutsWith(userId: string, key: string): Promise<ExerciseWorkout[]> {
      const history = await readStore.get<ExerciseHistoryDocument>(
        PERSONAL_RECORDS_MODEL,
        exerciseHistoryId(userId, key),
      );
      if (!history) return [];
      const chunks = await Promise.all(
        history.chunks.map((chunk) => readStore.get<ExerciseChunkDocument>(PERSONAL_RECORDS_MODEL, chunk.id)),
      );
      return chunks.flatMap((chunk) => chunk?.workouts ?? []);
    }

    const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

    app.get(
      '/:id/progress',
      {
        schema: {
          tags: ['exercises'],
          summary:
            "An exercise's records and each workout with it summed up (top set, estimated 1RM by Epley or Brzycki, volume), oldest first",
          params: ExerciseParams,
          querystring: ExerciseProgressQuery,
          response: { 200: ExerciseProgress, ...errors },
        },
      },
      async (request) => {
        const userId = request.auth?.id ?? '';
        const formula = request.query.formula ?? 'epley';
        const key = await keyOf(userId, request.params.id);
        const [workouts, records] = await Promise.all([
          workoutsWith(userId, key),
          readStore.get<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, exerciseRecordsId(userId, key)),
        ]);
        const sets = await Promise.all(
          workouts.map((workout) =>
            readStore.get<ExerciseWorkoutDocument>(
              PERSONAL_RECORDS_MODEL,
              exerciseWorkoutId(workout.at.workout_id, key),
            ),
          ),
        );
        return {
          exercise_id: request.params.id,
          formula,
          records: records ? exerciseRecordsOf(records, formula).records : {},
          sessions: workouts.map(({ at, completed }, index) =>
            exerciseSession(
              { workout_id: at.workout_id, date: at.date, completed },
              Object.values(sets[index]?.sets ?? {})
                .flat()
                .map(valuesOf),
              formula,
            ),
          ),
        };
      },
    );

    app.get(
      '/:id/history',
      {
        schema: {
          tags: ['exercises'],
          summary: "Every workout's sets of an exercise, newest first, paged",
          params: ExerciseParams,
          querystring: ExerciseHistoryQuery,
          response: { 200: ExerciseHistoryPage, ...errors },
        },
      },
      async (request) => {
        const userId = request.auth?.id ?? '';
        const { page = 1, per_page: perPage = 10 } = request.query;
        const key = await keyOf(userId, request.params.id);
        const { items, meta } = pageOf((await workoutsWith(userId, key)).reverse(), page, perPage);
        const shown = await Promise.all(
          items.map((workout) => readStore.get<Stored<WorkoutDocument>>('workouts', workout.at.workout_id)),
        );
        return {
          data: shown.flatMap((workout) =>
            workout && workout.user_id === userId
              ? [
                  {
                    workout_id: workout.id,
                    workout_name: workout.name,
                    date: workout.date,
                    started_at: workout.started_at,
                    completed: workout.status === 'completed',
                    sets: workout.exercises.filter((exercise) => exerciseKey(exercise) === key).flatMap((e) => e.sets),
                  },
                ]
              : [],
          ),
          meta,
        };
      },
    );
  },
);
