import {
  CLIENT_TIME_MAX_AHEAD_MS,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  type SetValues,
  type WorkoutEvent,
} from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { workoutDecider } from './decide.ts';
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
  rpe: null,
};
const setLogged: WorkoutEvent = {
  type: 'SetLogged',
  data: { workoutId, workoutExerciseId: 'e1', setId: 's1', loggedAt: at, ...values },
};
const completed: WorkoutEvent = { type: 'WorkoutCompleted', data: { workoutId, completedAt: later, duration: 65 } };
const deleted: WorkoutEvent = { type: 'WorkoutDeleted', data: { workoutId, deletedAt: later } };
/** The user adds an exercise by name (none from the library) to the workout. */
const addExercise = (workoutExerciseId: string, name = 'Row') =>
  ({
    type: 'AddExercise',
    workoutId,
    userId,
    at,
    workoutExerciseId,
    exerciseId: null,
    name,
    notes: null,
  }) as const;

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
      spec.given([]).when(addExercise('e1')).thenThrows(WorkoutNotFound);
    });
    it('treats a deleted workout as not found, for every command', () => {
      spec.given([started, deleted]).when({ type: 'DeleteWorkout', workoutId, userId, at }).thenThrows(WorkoutNotFound);
      spec
        .given([started, deleted])
        .when({ type: 'UpdateWorkout', workoutId, userId, at, name: 'x' })
        .thenThrows(WorkoutNotFound);
    });
  });

  describe("the time of an action (a client's, sent later)", () => {
    const before = (ms: number) => new Date(Date.parse(at) - ms).toISOString();
    const logSet = (when: string) =>
      ({ type: 'LogSet', workoutId, userId, at: when, workoutExerciseId: 'e1', setId: 's1', values }) as const;

    it('records a set, an exercise and an end at the moment the command says', () => {
      spec
        .given([started, benchAdded])
        .when(logSet(later))
        .thenEvents([{ ...setLogged, data: { ...setLogged.data, loggedAt: later } } as WorkoutEvent]);
      spec
        .given([started])
        .when({ ...addExercise('e1', 'Bench press'), at: later })
        .thenEvents([{ ...benchAdded, data: { ...benchAdded.data, addedAt: later } } as WorkoutEvent]);
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at: later, status: 'completed' })
        .thenEvents([completed]);
    });
    it('takes a set timed a little before the start, as two clocks may differ', () => {
      const skewed = before(CLIENT_TIME_MAX_AHEAD_MS);
      spec
        .given([started, benchAdded])
        .when(logSet(skewed))
        .thenEvents([{ ...setLogged, data: { ...setLogged.data, loggedAt: skewed } } as WorkoutEvent]);
    });
    it('refuses a set, an exercise or an end timed before the workout started, beyond that', () => {
      const tooEarly = before(CLIENT_TIME_MAX_AHEAD_MS + 1000);
      spec.given([started, benchAdded]).when(logSet(tooEarly)).thenThrows(ActedBeforeWorkoutStarted);
      spec
        .given([started])
        .when({ ...addExercise('e1'), at: tooEarly })
        .thenThrows(ActedBeforeWorkoutStarted);
      spec
        .given([started])
        .when({ type: 'UpdateWorkout', workoutId, userId, at: tooEarly, status: 'completed' })
        .thenThrows(ActedBeforeWorkoutStarted);
    });
  });

  describe('exercises and sets', () => {
    it('adds an exercise', () => {
      spec.given([started]).when(addExercise('e1', 'Bench press')).thenEvents([benchAdded]);
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
    it('moves an exercise and puts it in a superset, even once the workout is completed', () => {
      const rowAdded: WorkoutEvent = {
        type: 'WorkoutExerciseAdded',
        data: { workoutId, workoutExerciseId: 'e2', exerciseId: null, name: 'Row', notes: null, addedAt: at },
      };
      spec
        .given([started, benchAdded, rowAdded, completed])
        .when({ type: 'UpdateExercise', workoutId, userId, at, workoutExerciseId: 'e2', position: 0, superset: 'a' })
        .thenEvents([
          {
            type: 'WorkoutExerciseChanged',
            data: { workoutId, workoutExerciseId: 'e2', position: 0, superset: 'a' },
          },
        ]);
      spec
        .given([started, benchAdded, rowAdded])
        .when({ type: 'UpdateExercise', workoutId, userId, at, workoutExerciseId: 'e2', superset: null })
        .thenEvents([{ type: 'WorkoutExerciseChanged', data: { workoutId, workoutExerciseId: 'e2', superset: null } }]);
    });
    it('refuses a move past the last exercise', () => {
      spec
        .given([started, benchAdded])
        .when({ type: 'UpdateExercise', workoutId, userId, at, workoutExerciseId: 'e1', position: 1 })
        .thenThrows(PositionOutOfRange);
    });
  });

  describe('how much a workout holds', () => {
    const exerciseAdded = (workoutExerciseId: string): WorkoutEvent => ({
      type: 'WorkoutExerciseAdded',
      data: { workoutId, workoutExerciseId, exerciseId: null, name: 'Bench press', notes: null, addedAt: at },
    });
    const benchSet = (index: number): WorkoutEvent => ({
      type: 'SetLogged',
      data: { workoutId, workoutExerciseId: 'e1', setId: `s${index}`, loggedAt: at, ...values },
    });
    const fullOfExercises = Array.from({ length: MAX_EXERCISES_PER_WORKOUT }, (_, i) => exerciseAdded(`e${i + 1}`));
    const fullOfSets = Array.from({ length: MAX_SETS_PER_EXERCISE }, (_, i) => benchSet(i + 1));
    it(`refuses an exercise past the ${MAX_EXERCISES_PER_WORKOUT}th`, () => {
      spec
        .given([started, ...fullOfExercises.slice(1)])
        .when(addExercise('last'))
        .thenEvents([
          {
            type: 'WorkoutExerciseAdded',
            data: { workoutId, workoutExerciseId: 'last', exerciseId: null, name: 'Row', notes: null, addedAt: at },
          },
        ]);
      spec
        .given([started, ...fullOfExercises])
        .when(addExercise('one-more'))
        .thenThrows(TooManyExercises);
    });
    it('counts the exercises still in the workout, not those removed', () => {
      spec
        .given([
          started,
          ...fullOfExercises,
          { type: 'WorkoutExerciseRemoved', data: { workoutId, workoutExerciseId: 'e7' } },
        ])
        .when(addExercise('instead'))
        .thenEvents([
          {
            type: 'WorkoutExerciseAdded',
            data: { workoutId, workoutExerciseId: 'instead', exerciseId: null, name: 'Row', notes: null, addedAt: at },
          },
        ]);
    });
    it('refuses to start with more exercises than a workout holds', () => {
      const exercises = Array.from({ length: MAX_EXERCISES_PER_WORKOUT + 1 }, (_, i) => ({
        workoutExerciseId: `e${i}`,
        exerciseId: null,
        name: 'Row',
        plan: null,
      }));
      spec
        .given([])
        .when({ type: 'StartWorkout', workoutId, userId, at, name: 'Huge', notes: null, date: '2026-11-21', exercises })
        .thenThrows(TooManyExercises);
    });
    it(`refuses a set past the ${MAX_SETS_PER_EXERCISE}th of an exercise`, () => {
      const logSet = (setId: string) =>
        ({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e1', setId, values }) as const;
      spec
        .given([started, benchAdded, ...fullOfSets.slice(1)])
        .when(logSet('last'))
        .thenEvents([
          { type: 'SetLogged', data: { workoutId, workoutExerciseId: 'e1', setId: 'last', loggedAt: at, ...values } },
        ]);
      spec
        .given([started, benchAdded, ...fullOfSets])
        .when(logSet('one-more'))
        .thenThrows(TooManySets);
    });
    it('lets another exercise of a workout take sets when one is full', () => {
      spec
        .given([started, benchAdded, exerciseAdded('e2'), ...fullOfSets])
        .when({ type: 'LogSet', workoutId, userId, at, workoutExerciseId: 'e2', setId: 'r1', values })
        .thenEvents([
          { type: 'SetLogged', data: { workoutId, workoutExerciseId: 'e2', setId: 'r1', loggedAt: at, ...values } },
        ]);
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
      spec.given([started, completed]).when(addExercise('e2')).thenThrows(WorkoutAlreadyCompleted);
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
