import {
  type RecordedEvent,
  shownSetValues,
  type WorkoutDocument,
  type WorkoutEvent,
  type WorkoutExercise,
  type WorkoutSet,
  workoutEventTypes,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

type WorkoutStarted = Extract<WorkoutEvent, { type: 'WorkoutStarted' }>;

/**
 * How a user's workouts (and their summaries) are read: a day's, and the list newest first
 * (date, then created_at, then id) read straight off the first however many share a day and a
 * start; and by status.
 */
export const WORKOUT_INDEXES = [
  ['user_id', 'date', 'created_at', 'id'],
  ['user_id', 'status'],
];

/** The `workouts` read model: one document per workout, in the API's shape, owned by its user. */
export const workoutsProjection: Projection<WorkoutDocument, WorkoutEvent> = {
  name: 'workouts',
  // 2: every set holds its RPE (null when not rated), so documents built before are rebuilt.
  version: 2,
  collection: { name: 'workouts', indexes: WORKOUT_INDEXES },
  handles: workoutEventTypes,
  documentId: (event) => event.data.workoutId,
  ownerField: 'user_id',
  // The API's workout leaves out its owner.
  live: { omit: ['user_id'] },
  evolve: evolveWorkout,
};

function evolveWorkout(current: WorkoutDocument | null, event: RecordedEvent<WorkoutEvent>): WorkoutDocument | null {
  if (event.type === 'WorkoutStarted') return { ...startedWorkout(event), exercises: [] };
  if (!current) return null;
  const workout = { ...current, updated_at: event.metadata.timestamp };

  switch (event.type) {
    case 'WorkoutDetailsChanged':
    case 'WorkoutCompleted':
      return withDetails(workout, event);
    case 'WorkoutDeleted':
      return null;
    case 'WorkoutExerciseAdded': {
      const { data } = event;
      const exercise: WorkoutExercise = {
        id: data.workoutExerciseId,
        exercise_id: data.exerciseId,
        name: data.name,
        notes: data.notes,
        plan: data.plan ?? null,
        sets: [],
        created_at: data.addedAt,
      };
      return { ...workout, exercises: [...workout.exercises, exercise] };
    }
    case 'WorkoutExerciseChanged': {
      const { workoutExerciseId, name, notes, position, superset } = event.data;
      const changed = updateExercise(workout, workoutExerciseId, (exercise) => ({
        ...exercise,
        ...(name !== undefined && { name }),
        ...(notes !== undefined && { notes }),
        ...(superset !== undefined && { superset }),
      }));
      return position === undefined ? changed : moveExercise(changed, workoutExerciseId, position);
    }
    case 'WorkoutExerciseRemoved':
      return { ...workout, exercises: workout.exercises.filter((e) => e.id !== event.data.workoutExerciseId) };
    case 'SetLogged': {
      const { data } = event;
      const set: WorkoutSet = { id: data.setId, ...shownSetValues(data), created_at: data.loggedAt };
      return updateExercise(workout, data.workoutExerciseId, (exercise) => ({
        ...exercise,
        sets: [...exercise.sets, set],
      }));
    }
    case 'SetChanged': {
      const { changes } = event.data;
      return updateExercise(workout, event.data.workoutExerciseId, (exercise) => ({
        ...exercise,
        sets: exercise.sets.map((set) => (set.id === event.data.setId ? { ...set, ...shownSetValues(changes) } : set)),
      }));
    }
    case 'SetRemoved':
      return updateExercise(workout, event.data.workoutExerciseId, (exercise) => ({
        ...exercise,
        sets: exercise.sets.filter((set) => set.id !== event.data.setId),
      }));
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** A workout's details (all but its exercises), as the workout and its summary both hold them. */
export type WorkoutDetails = Omit<WorkoutDocument, 'exercises'>;

/** The details of the workout an event starts. */
export function startedWorkout({ data, metadata }: RecordedEvent<WorkoutStarted>): WorkoutDetails {
  return {
    id: data.workoutId,
    user_id: data.userId,
    name: data.name,
    date: data.date,
    duration: null,
    status: 'in_progress',
    notes: data.notes,
    started_at: data.startedAt,
    completed_at: null,
    created_at: data.startedAt,
    updated_at: metadata.timestamp,
  };
}

/** The details after a rename, re-date, new duration or completion. */
export function withDetails<T extends WorkoutDetails>(
  workout: T,
  event: RecordedEvent<Extract<WorkoutEvent, { type: 'WorkoutDetailsChanged' | 'WorkoutCompleted' }>>,
): T {
  if (event.type === 'WorkoutCompleted') {
    return { ...workout, status: 'completed', completed_at: event.data.completedAt, duration: event.data.duration };
  }
  const { name, notes, date, duration } = event.data;
  return {
    ...workout,
    ...(name !== undefined && { name }),
    ...(notes !== undefined && { notes }),
    ...(date !== undefined && { date }),
    ...(duration !== undefined && { duration }),
  };
}

function updateExercise(
  workout: WorkoutDocument,
  workoutExerciseId: string,
  change: (exercise: WorkoutExercise) => WorkoutExercise,
): WorkoutDocument {
  return {
    ...workout,
    exercises: workout.exercises.map((exercise) => (exercise.id === workoutExerciseId ? change(exercise) : exercise)),
  };
}

/** The exercise taken out and put back at `position` among the others (at the end, past them). */
function moveExercise(workout: WorkoutDocument, workoutExerciseId: string, position: number): WorkoutDocument {
  const moving = workout.exercises.find((exercise) => exercise.id === workoutExerciseId);
  if (!moving) return workout;
  const others = workout.exercises.filter((exercise) => exercise !== moving);
  return { ...workout, exercises: [...others.slice(0, position), moving, ...others.slice(position)] };
}
