import {
  type RecordedEvent,
  WORKOUT_SUMMARIES_MODEL,
  type WorkoutEvent,
  type WorkoutSummaryDocument,
  workoutEventTypes,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';
import { startedWorkout, WORKOUT_INDEXES, withDetails } from './workouts-projection.ts';

/**
 * The `workout_summaries` read model: per workout what a list shows of it (`summariseWorkout`),
 * its sets counted rather than held. A page of the list then reads and sends a few hundred bytes
 * per workout, where the workouts themselves grow with every set.
 */
export const workoutSummariesProjection: Projection<WorkoutSummaryDocument, WorkoutEvent> = {
  name: WORKOUT_SUMMARIES_MODEL,
  version: 1,
  collection: { name: WORKOUT_SUMMARIES_MODEL, indexes: WORKOUT_INDEXES },
  handles: workoutEventTypes,
  documentId: (event) => event.data.workoutId,
  ownerField: 'user_id',
  // The list's answers leave out the owner and the per-exercise counts behind `set_count`.
  live: { omit: ['user_id', 'set_counts'] },
  evolve: evolveSummary,
};

function evolveSummary(
  current: WorkoutSummaryDocument | null,
  event: RecordedEvent<WorkoutEvent>,
): WorkoutSummaryDocument | null {
  if (event.type === 'WorkoutStarted') return counted(startedWorkout(event), {});
  if (!current) return null;
  const summary = { ...current, updated_at: event.metadata.timestamp };
  const sets = summary.set_counts;

  switch (event.type) {
    case 'WorkoutDetailsChanged':
    case 'WorkoutCompleted':
      return withDetails(summary, event);
    case 'WorkoutDeleted':
      return null;
    case 'WorkoutExerciseAdded':
      return counted(summary, { ...sets, [event.data.workoutExerciseId]: 0 });
    case 'WorkoutExerciseRemoved': {
      const { [event.data.workoutExerciseId]: _removed, ...left } = sets;
      return counted(summary, left);
    }
    case 'SetLogged':
    case 'SetRemoved': {
      const { workoutExerciseId } = event.data;
      const before = sets[workoutExerciseId];
      // A set of an exercise no longer there is not in the workout either.
      if (before === undefined) return summary;
      return counted(summary, { ...sets, [workoutExerciseId]: before + (event.type === 'SetLogged' ? 1 : -1) });
    }
    case 'WorkoutExerciseChanged':
    case 'SetChanged':
      return summary;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The summary with its counts taken from the sets of each exercise. */
function counted<T extends Omit<WorkoutSummaryDocument, 'exercise_count' | 'set_count' | 'set_counts'>>(
  summary: T,
  setCounts: Record<string, number>,
): WorkoutSummaryDocument {
  const counts = Object.values(setCounts);
  return {
    ...summary,
    exercise_count: counts.length,
    set_count: counts.reduce((sum, count) => sum + count, 0),
    set_counts: setCounts,
  };
}
