import {
  inTheOrderTheyHappened,
  summarizeTraining,
  type TrainedWorkout,
  type TrainingSummaryDocument,
  trainedWorkout,
  trainingSummaryId,
} from '@fitness/contracts';
import { type KeptSet, valuesOf } from './exercise-workout-document.ts';
import type { WorkoutOutline } from './workout-outline.ts';

/**
 * A user's completed workouts, a few numbers each, in the order they happened: what the training
 * summary is worked out from again when one of them changes. Read by the projection only.
 */
export type TrainingLogDocument = {
  id: string;
  user_id: string;
  kind: 'training_log';
  workouts: TrainedWorkout[];
};

export const trainingLogId = (userId: string) => `training_log:${userId}`;

/** What achievements need of a workout: nothing until it is completed. */
export const trainedOrNull = (
  outline: WorkoutOutline | null,
  setsOf: (exercise: WorkoutOutline['exercises'][number]) => KeptSet[],
) =>
  outline?.status === 'completed'
    ? trainedWorkout({
        ...outline,
        exercises: outline.exercises.map((exercise) => ({ sets: setsOf(exercise).map(valuesOf) })),
      })
    : null;

/** The training log with one workout replaced by what it is now (null: not completed, or gone). */
export function withTrainedWorkout(log: TrainedWorkout[], workoutId: string, trained: TrainedWorkout | null) {
  const others = log.filter((workout) => workout.id !== workoutId);
  return (trained ? [...others, trained] : others).sort(inTheOrderTheyHappened);
}

export function trainingSummaryDocument(userId: string, log: TrainedWorkout[]): TrainingSummaryDocument | null {
  if (log.length === 0) return null;
  return { id: trainingSummaryId(userId), user_id: userId, kind: 'training_summary', ...summarizeTraining(log) };
}
