import {
  CLIENT_TIME_MAX_AHEAD_MS,
  type ExercisePlan,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  MAX_WORKOUT_MINUTES,
  type SetValues,
  type WorkoutEvent,
} from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import {
  ActedBeforeWorkoutStarted,
  CompletedWorkoutCannotResume,
  DurationNeedsCompletion,
  PositionOutOfRange,
  SetNotFound,
  TooManyExercises,
  TooManySets,
  WorkoutAlreadyCompleted,
  WorkoutAlreadyExists,
  WorkoutExerciseNotFound,
  WorkoutNotFound,
} from './errors.ts';
import { evolveWorkout, initialWorkoutState, type WorkoutState } from './workout.ts';

/** Every command carries the acting user and the moment it was decided (ISO 8601). */
type Base = { userId: string; at: string };

/** What the event of a command says: its fields are the command's, named alike. */
type Says<T extends WorkoutEvent['type']> = Extract<WorkoutEvent, { type: T }>['data'];

export type WorkoutCommand =
  | (Base & {
      type: 'StartWorkout';
      workoutId: string;
      name: string;
      notes: string | null;
      date: string;
      /** Exercises to begin with, e.g. from a template, added in the same append as the start. */
      exercises?: { workoutExerciseId: string; exerciseId: string | null; name: string; plan: ExercisePlan | null }[];
    })
  | (Base & {
      type: 'UpdateWorkout';
      workoutId: string;
      name?: string;
      notes?: string | null;
      date?: string;
      status?: 'completed' | 'in_progress';
      duration?: number;
    })
  | (Base & { type: 'DeleteWorkout'; workoutId: string })
  | (Base & { type: 'AddExercise' } & Omit<Says<'WorkoutExerciseAdded'>, 'addedAt' | 'plan'>)
  /** Moves the exercise (`position`), puts it in a superset or takes it out (`superset`), renames it, notes it. */
  | (Base & { type: 'UpdateExercise' } & Says<'WorkoutExerciseChanged'>)
  | (Base & { type: 'RemoveExercise' } & Says<'WorkoutExerciseRemoved'>)
  | (Base & { type: 'LogSet'; workoutId: string; workoutExerciseId: string; setId: string; values: SetValues })
  | (Base & { type: 'UpdateSet' } & Says<'SetChanged'>)
  | (Base & { type: 'RemoveSet' } & Says<'SetRemoved'>);

export function decideWorkout(command: WorkoutCommand, state: WorkoutState): WorkoutEvent[] {
  if (command.type === 'StartWorkout') {
    if (state.status !== 'none') throw new WorkoutAlreadyExists();
    if ((command.exercises?.length ?? 0) > MAX_EXERCISES_PER_WORKOUT) throw new TooManyExercises();
    const { workoutId, userId, name, notes, date, at } = command;
    return [
      { type: 'WorkoutStarted', data: { workoutId, userId, name, notes, date, startedAt: at } },
      ...(command.exercises ?? []).map(
        (exercise): WorkoutEvent => ({
          type: 'WorkoutExerciseAdded',
          data: { workoutId, ...exercise, notes: null, addedAt: at },
        }),
      ),
    ];
  }

  // Another user's workout is indistinguishable from a missing one.
  if (state.status === 'none' || state.status === 'deleted' || state.userId !== command.userId) {
    throw new WorkoutNotFound();
  }
  const { workoutId } = command;

  switch (command.type) {
    case 'UpdateWorkout':
      return decideUpdate(command, state);
    case 'DeleteWorkout':
      return [{ type: 'WorkoutDeleted', data: { workoutId, deletedAt: command.at } }];
    case 'AddExercise': {
      assertOpen(state);
      assertNotBeforeStart(state, command.at);
      if (state.exercises.size >= MAX_EXERCISES_PER_WORKOUT) throw new TooManyExercises();
      const { workoutExerciseId, exerciseId, name, notes, at } = command;
      return [
        { type: 'WorkoutExerciseAdded', data: { workoutId, workoutExerciseId, exerciseId, name, notes, addedAt: at } },
      ];
    }
    case 'UpdateExercise': {
      assertExercise(state, command.workoutExerciseId);
      const { workoutExerciseId, name, notes, position, superset } = command;
      if (position !== undefined && position >= state.exercises.size) {
        throw new PositionOutOfRange(state.exercises.size);
      }
      const changes = {
        ...(name !== undefined && { name }),
        ...(notes !== undefined && { notes }),
        ...(position !== undefined && { position }),
        ...(superset !== undefined && { superset }),
      };
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'WorkoutExerciseChanged', data: { workoutId, workoutExerciseId, ...changes } }];
    }
    case 'RemoveExercise':
      assertExercise(state, command.workoutExerciseId);
      return [{ type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: command.workoutExerciseId } }];
    case 'LogSet': {
      assertOpen(state);
      assertExercise(state, command.workoutExerciseId);
      assertNotBeforeStart(state, command.at);
      if ((state.exercises.get(command.workoutExerciseId)?.size ?? 0) >= MAX_SETS_PER_EXERCISE) throw new TooManySets();
      const { workoutExerciseId, setId, values, at } = command;
      return [{ type: 'SetLogged', data: { workoutId, workoutExerciseId, setId, loggedAt: at, ...values } }];
    }
    case 'UpdateSet': {
      assertSet(state, command.workoutExerciseId, command.setId);
      if (Object.keys(command.changes).length === 0) return [];
      const { workoutExerciseId, setId, changes } = command;
      return [{ type: 'SetChanged', data: { workoutId, workoutExerciseId, setId, changes } }];
    }
    case 'RemoveSet': {
      assertSet(state, command.workoutExerciseId, command.setId);
      const { workoutExerciseId, setId } = command;
      return [{ type: 'SetRemoved', data: { workoutId, workoutExerciseId, setId } }];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled workout command ${JSON.stringify(unhandled)}`);
    }
  }
}

function decideUpdate(
  command: Extract<WorkoutCommand, { type: 'UpdateWorkout' }>,
  state: WorkoutState,
): WorkoutEvent[] {
  const { workoutId, name, notes, date, status, duration, at } = command;
  if (status === 'in_progress' && state.status === 'completed') throw new CompletedWorkoutCannotResume();
  const completing = status === 'completed' && state.status === 'in_progress';
  if (duration !== undefined && !completing && state.status !== 'completed') throw new DurationNeedsCompletion();

  const events: WorkoutEvent[] = [];
  const details = {
    ...(name !== undefined && { name }),
    ...(notes !== undefined && { notes }),
    ...(date !== undefined && { date }),
    ...(duration !== undefined && !completing && { duration }),
  };
  if (Object.keys(details).length > 0) events.push({ type: 'WorkoutDetailsChanged', data: { workoutId, ...details } });
  if (completing) {
    assertNotBeforeStart(state, at);
    events.push({
      type: 'WorkoutCompleted',
      data: { workoutId, completedAt: at, duration: duration ?? elapsedMinutes(state.startedAt, at) },
    });
  }
  return events;
}

function elapsedMinutes(from: string | null, to: string) {
  if (!from) return 0;
  const minutes = Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
  return Math.min(Math.max(minutes, 0), MAX_WORKOUT_MINUTES);
}

function assertOpen(state: WorkoutState) {
  if (state.status === 'completed') throw new WorkoutAlreadyCompleted();
}

/**
 * What a workout records the time of happens after it started. A client's time (X-Client-Time)
 * may stand against a start the server stamped, so clocks may differ by the skew it allows.
 */
function assertNotBeforeStart(state: WorkoutState, at: string) {
  if (state.startedAt && Date.parse(at) < Date.parse(state.startedAt) - CLIENT_TIME_MAX_AHEAD_MS) {
    throw new ActedBeforeWorkoutStarted();
  }
}

function assertExercise(state: WorkoutState, workoutExerciseId: string) {
  if (!state.exercises.has(workoutExerciseId)) throw new WorkoutExerciseNotFound();
}

function assertSet(state: WorkoutState, workoutExerciseId: string, setId: string) {
  assertExercise(state, workoutExerciseId);
  if (!state.exercises.get(workoutExerciseId)?.has(setId)) throw new SetNotFound();
}

export const workoutDecider: Decider<WorkoutCommand, WorkoutEvent, WorkoutState> = {
  initialState: initialWorkoutState,
  evolve: evolveWorkout,
  decide: decideWorkout,
};
