import type { SetValues, WorkoutEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { workoutDecider } from './decide.ts';
import {
  CompletedWorkoutCannotResume,
  DurationNeedsCompletion,
  SetNotFound,
  WorkoutAlreadyCompleted,
  WorkoutAlreadyExists,
  WorkoutExerciseNotFound,
  WorkoutNotFound,
} from './errors.ts';

const spec = specification(workoutDecider);
const userId = 'u1';
const workoutId = 'w1';
const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:05:00.000Z';

const started: WorkoutEvent = {
  type: 'WorkoutStarted',
  data: { workoutId, userId, name: 'Push day', notes: null, date: '2026-11-21', startedAt: at },
};
const benchAdded: WorkoutEvent = {
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId: 'e1', exerciseId: null, name: 'Bench press', notes: null, addedAt: at },
};
const values: SetValues = {
  reps: 8,
  weight: 60,
  restTime: 90,
  type: 'working',
  notes: null,
  duration: null,
  distance: null,
};
const setLogged: WorkoutEvent = {
  type: 'SetLogged',
  data: { workoutId, workoutExerciseId: 'e1', setId: 's1', loggedAt: at, ...values },
};
const completed: WorkoutEvent = { type: 'WorkoutCompleted', data: { workoutId, completedAt: later, duration: 65 } };
const deleted: WorkoutEvent = { type: 'WorkoutDeleted', data: { workoutId, deletedAt: later } };

describe('workout decider', () => {
  describe('starting', () => {
    it('starts a workout in progress', () => {
      spec
        .given([])
        .when({ type: 'StartWorkout', workoutId, userId, at, name: 'Push day', notes: null, date: '2026-11-21' })
        .thenEvents([started]);
    });
    it('refuses to start the same workout twice', () => {
      spec
        .given([started])
        .when({ type: 'StartWorkout', workoutId, userId, at, name: 'Again', notes: null, date: '2026-11-21' })
        .thenThrows(WorkoutAlreadyExists);
    });
  });

  describe('ownership', () => {
    it("answers another user's workout as not found", () => {
      spec.given([started]).when({ type: 'DeleteWorkout', workoutId, userId: 'u2', at }).thenThrows(WorkoutNotFound);
    });
    it('treats a workout that never started as not found', () => {
      spec
        .given([])
        .when({
          type: 'AddExercise',
          workoutId,
          userId,
          at,
          workoutExerciseId: 'e1',
          exerciseId: null,
          name: 'Row',
          notes: null,
        })
        .thenThrows(WorkoutNotFound);
    });
    it('treats a deleted workout as not found, for every command', () => {
      spec.given([started, deleted]).when({ type: 'DeleteWorkout', workoutId, userId, at }).thenThrows(WorkoutNotFound);
      spec
        .given([started, deleted])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, name: 'x' })
        .thenThrows(WorkoutNotFound);
    });
  });

  describe('exercises and sets', () => {
    it('adds an exercise', () => {
      spec
        .given([started])
        .when({
          type: 'AddExercise',
          workoutId,
          userId,
          at,
          workoutExerciseId: 'e1',
          exerciseId: null,
          name: 'Bench press',
          notes: null,
        })
        .thenEvents([benchAdded]);
    });
    it('logs a set on an exercise of the workout', () => {
      spec
        .given([started, benchAdded])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1', values })
        .thenEvents([setLogged]);
    });
    it('keeps weight null for a bodyweight set', () => {
      const bodyweight = { ...values, weight: null };
      spec
        .given([started, benchAdded])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's2', values: bodyweight })
        .thenEvents([
          { type: 'SetLogged', data: { workoutId, workoutExerciseId: 'e1', setId: 's2', loggedAt: at, ...bodyweight } },
        ]);
    });
    it('refuses a set on an exercise that is not in the workout', () => {
      spec
        .given([started])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'nope', setId: 's1', values })
        .thenThrows(WorkoutExerciseNotFound);
    });
    it('refuses a set on a removed exercise', () => {
      spec
        .given([started, benchAdded, { type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: 'e1' } }])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1', values })
        .thenThrows(WorkoutExerciseNotFound);
    });
    it('changes and removes an existing set only', () => {
      spec
        .given([started, benchAdded, setLogged])
        .when({ type: 'UpdateSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1', changes: { reps: 10 } })
        .thenEvents([
          { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'e1', setId: 's1', changes: { reps: 10 } } },
        ]);
      spec
        .given([started, benchAdded, setLogged])
        .when({ type: 'RemoveSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1' })
        .thenEvents([{ type: 'SetRemoved', data: { workoutId, workoutExerciseId: 'e1', setId: 's1' } }]);
      spec
        .given([
          started,
          benchAdded,
          setLogged,
          { type: 'SetRemoved', data: { workoutId, workoutExerciseId: 'e1', setId: 's1' } },
        ])
        .when({ type: 'RemoveSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1' })
        .thenThrows(SetNotFound);
    });
    it('decides nothing for an empty change', () => {
      spec
        .given([started, benchAdded, setLogged])
        .when({ type: 'UpdateSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's1', changes: {} })
        .thenEvents([]);
    });
  });

  describe('completing', () => {
    it('completes with the elapsed minutes as duration', () => {
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at: later, status: 'completed' })
        .thenEvents([completed]);
    });
    it('completes with a duration the user gives', () => {
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at: later, status: 'completed', duration: 50 })
        .thenEvents([{ type: 'WorkoutCompleted', data: { workoutId, completedAt: later, duration: 50 } }]);
    });
    it('renames and completes in one update', () => {
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at: later, status: 'completed', name: 'Chest' })
        .thenEvents([{ type: 'WorkoutDetailsChanged', data: { workoutId, name: 'Chest' } }, completed]);
    });
    it('completing twice decides nothing', () => {
      spec
        .given([started, completed])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, status: 'completed' })
        .thenEvents([]);
    });
    it('adds nothing to a completed workout', () => {
      spec
        .given([started, benchAdded, completed])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e1', setId: 's9', values })
        .thenThrows(WorkoutAlreadyCompleted);
      spec
        .given([started, completed])
        .when({
          type: 'AddExercise',
          workoutId,
          userId,
          at,
          workoutExerciseId: 'e2',
          exerciseId: null,
          name: 'Row',
          notes: null,
        })
        .thenThrows(WorkoutAlreadyCompleted);
    });
    it('still lets a completed workout have a set corrected', () => {
      spec
        .given([started, benchAdded, setLogged, completed])
        .when({
          type: 'UpdateSet',
          workoutId,
          userId,
          at,
          workoutExerciseId: 'e1',
          setId: 's1',
          changes: { weight: 62.5 },
        })
        .thenEvents([
          { type: 'SetChanged', data: { workoutId, workoutExerciseId: 'e1', setId: 's1', changes: { weight: 62.5 } } },
        ]);
    });
    it('does not resume a completed workout', () => {
      spec
        .given([started, completed])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, status: 'in_progress' })
        .thenThrows(CompletedWorkoutCannotResume);
    });
    it('sets a duration only on a completed workout', () => {
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, duration: 30 })
        .thenThrows(DurationNeedsCompletion);
      spec
        .given([started, completed])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, duration: 30 })
        .thenEvents([{ type: 'WorkoutDetailsChanged', data: { workoutId, duration: 30 } }]);
    });
  });

  it('deletes a workout', () => {
    spec
      .given([started, completed])
      .when({ type: 'DeleteWorkout', workoutId, userId, at: later })
      .thenEvents([deleted]);
  });
});
