import {
  type RecordedEvent,
  setVolume,
  WORKOUT_SUMMARIES_MODEL,
  type WorkoutEvent,
  type WorkoutSummaryDocument,
  workoutEventTypes,
} from '@fitness/contracts';
import type { ManyDocumentProjection, ProjectionBatch, ProjectionDocuments, ProjectionLog } from '../projection.ts';
import { countedSets, setTotals } from './workout-sets.ts';
import { startedWorkout, WORKOUT_INDEXES, withDetails } from './workouts-projection.ts';

/**
 * The `workout_summaries` read model: per workout what a list shows of it (`summariseWorkout`),
 * its sets counted rather than held. A page of the list then reads and sends a few hundred bytes
 * per workout, where the workouts themselves grow with every set. A set logged adds to the
 * volume; a set changed in reps or weight, a set removed or an exercise removed counts it again
 * from the workout's own events (see workout-sets.ts), as the admin analytics do.
 */
export const workoutSummariesProjection: ManyDocumentProjection<WorkoutSummaryDocument, WorkoutEvent> = {
  name: WORKOUT_SUMMARIES_MODEL,
  // 2: the volume of the workout's sets.
  version: 2,
  collection: { name: WORKOUT_SUMMARIES_MODEL, indexes: WORKOUT_INDEXES },
  handles: workoutEventTypes,
  ownerField: 'user_id',
  // The list's answers leave out the owner and the per-exercise counts behind `set_count`.
  live: { omit: ['user_id', 'set_counts'] },
  apply: applySummaryEvent,
};

async function applySummaryEvent(
  event: RecordedEvent<WorkoutEvent>,
  documents: ProjectionDocuments<WorkoutSummaryDocument>,
  batch: ProjectionBatch,
  log?: ProjectionLog,
) {
  const id = event.data.workoutId;
  // The batch follows the sets of each workout it saw start, whatever the event.
  const known = countedSets.inBatch(batch, event);
  const next = evolveSummary(await documents.get(id), event);
  if (next && recounts(event)) next.volume = setTotals(known ?? (await countedSets.fromLog(event, batch, log))).volume;
  documents.set(id, next);
}

/** An event whose old set values the volume needs: a set changed in reps or weight, a set or an exercise removed. */
function recounts(event: RecordedEvent<WorkoutEvent>) {
  if (event.type === 'SetChanged')
    return event.data.changes.reps !== undefined || event.data.changes.weight !== undefined;
  return event.type === 'SetRemoved' || event.type === 'WorkoutExerciseRemoved';
}

function evolveSummary(
  current: WorkoutSummaryDocument | null,
  event: RecordedEvent<WorkoutEvent>,
): WorkoutSummaryDocument | null {
  if (event.type === 'WorkoutStarted') return counted({ ...startedWorkout(event), volume: 0 }, {});
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
      const logged = event.type === 'SetLogged';
      const volume = logged ? summary.volume + setVolume(event.data.reps, event.data.weight) : summary.volume;
      return counted({ ...summary, volume }, { ...sets, [workoutExerciseId]: before + (logged ? 1 : -1) });
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
