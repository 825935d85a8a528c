import {
  AddWorkoutExerciseBody,
  ErrorBody,
  isUuid,
  LogSetBody,
  MessageResponse,
  SetParams,
  StartWorkoutBody,
  setChangesFromBody,
  setValuesFromBody,
  UpdateSetBody,
  UpdateWorkoutBody,
  UpdateWorkoutExerciseBody,
  Workout,
  type WorkoutDocument,
  type WorkoutEvent,
  WorkoutExercise,
  WorkoutExerciseParams,
  WorkoutParams,
  WorkoutSet,
  workoutStream,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { workoutsProjection } from '@fitness/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createdId } from '../core/command-context.ts';
import { type Aggregate, dayOfAction, type RouteCommand, requestContext, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { exerciseVisibleTo } from '../exercises/reads.ts';
import { type WorkoutCommand, workoutDecider } from './decide.ts';
import { ExerciseNotInLibrary, SetNotFound, WorkoutExerciseNotFound, WorkoutNotFound } from './errors.ts';
import type { WorkoutState } from './workout.ts';

type Ids = { id: string; exerciseId?: string; setId?: string };

export const workouts: Aggregate<WorkoutCommand, WorkoutEvent, WorkoutState, WorkoutDocument> = {
  decider: workoutDecider,
  streamOf: (command) => workoutStream(command.workoutId),
  view: workoutsProjection,
  takesClientTime: true,
};

const errors = { 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** Writes on workouts, their exercises and sets, under /api/v1/workouts. */
export const workoutCommandRoutes = signedInCommands(async (app, { services, run }) => {
  /**
   * An exercise a workout names must be in the user's library: a system one, or their own
   * custom one. Another user's or a made-up id would file records under it.
   */
  async function checkInLibrary(exerciseId: string, userId: string) {
    if (!(await exerciseVisibleTo(services.handler, exerciseId, userId))) throw new ExerciseNotInLibrary();
  }

  /** Runs a command on the workout of the path and returns the workout document it leads to. */
  async function onWorkout(
    request: FastifyRequest,
    reply: FastifyReply,
    ids: Ids,
    command: RouteCommand<WorkoutCommand, 'workoutId'>,
  ) {
    assertIds(ids);
    const result = await run(workouts, request, reply, {
      ...command,
      workoutId: ids.id,
    } as RouteCommand<WorkoutCommand>);
    return result.document;
  }

  app.post(
    '',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Start a workout',
        body: StartWorkoutBody,
        response: { 201: Workout, ...errors },
      },
    },
    async (request, reply) => {
      const { name, notes, date } = request.body;
      const today = dayOfAction(requestContext(request, services.clock));
      const workout = await onWorkout(
        request,
        reply,
        { id: createdId(request, CREATED.workout) },
        {
          type: 'StartWorkout',
          name: name.trim(),
          notes: notes ?? null,
          date: date ?? today,
        },
      );
      return reply.status(201).send(existing(workout));
    },
  );

  const updateWorkout = {
    schema: {
      tags: ['workouts'],
      summary: 'Rename, annotate, re-date or end a workout ({ status: "completed" })',
      params: WorkoutParams,
      body: UpdateWorkoutBody,
      response: { 200: Workout, ...errors },
    },
  };
  for (const method of ['patch', 'put'] as const) {
    app[method]('/:id', updateWorkout, async (request, reply) => {
      const { name, ...rest } = request.body;
      const workout = await onWorkout(request, reply, request.params, {
        type: 'UpdateWorkout',
        ...rest,
        ...(name !== undefined && { name: name.trim() }),
      });
      return existing(workout);
    });
  }

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Delete a workout for good',
        params: WorkoutParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await onWorkout(request, reply, request.params, { type: 'DeleteWorkout' });
      return { message: 'Workout deleted.' };
    },
  );

  app.post(
    '/:id/exercises',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Add an exercise to a workout in progress',
        params: WorkoutParams,
        body: AddWorkoutExerciseBody,
        response: { 201: WorkoutExercise, ...errors },
      },
    },
    async (request, reply) => {
      const exerciseId = request.body.exercise_id ?? null;
      if (exerciseId !== null) await checkInLibrary(exerciseId, signedInUser(request));
      const workoutExerciseId = createdId(request, CREATED.workoutExercise);
      const workout = await onWorkout(request, reply, request.params, {
        type: 'AddExercise',
        workoutExerciseId,
        exerciseId,
        name: request.body.name.trim(),
        notes: request.body.notes ?? null,
      });
      return reply.status(201).send(findExercise(workout, workoutExerciseId));
    },
  );

  const updateExercise = {
    schema: {
      tags: ['workouts'],
      summary: "Rename, annotate, move or group (superset) a workout's exercise",
      params: WorkoutExerciseParams,
      body: UpdateWorkoutExerciseBody,
      response: { 200: WorkoutExercise, ...errors },
    },
  };
  for (const method of ['patch', 'put'] as const) {
    app[method]('/:id/exercises/:exerciseId', updateExercise, async (request, reply) => {
      const { name, notes, position, superset } = request.body;
      const workout = await onWorkout(request, reply, request.params, {
        type: 'UpdateExercise',
        workoutExerciseId: request.params.exerciseId,
        ...(name !== undefined && { name: name.trim() }),
        ...(notes !== undefined && { notes }),
        ...(position !== undefined && { position }),
        ...(superset !== undefined && { superset }),
      });
      return findExercise(workout, request.params.exerciseId);
    });
  }

  app.delete(
    '/:id/exercises/:exerciseId',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Remove an exercise and its sets from a workout',
        params: WorkoutExerciseParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await onWorkout(request, reply, request.params, {
        type: 'RemoveExercise',
        workoutExerciseId: request.params.exerciseId,
      });
      return { message: 'Exercise removed.' };
    },
  );

  app.post(
    '/:id/exercises/:exerciseId/sets',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Log a set; an empty weight means bodyweight',
        params: WorkoutExerciseParams,
        body: LogSetBody,
        response: { 201: WorkoutSet, ...errors },
      },
    },
    async (request, reply) => {
      const setId = createdId(request, CREATED.set);
      const values = setValuesFromBody(request.body);
      const workout = await onWorkout(request, reply, request.params, {
        type: 'LogSet',
        workoutExerciseId: request.params.exerciseId,
        setId,
        values,
      });
      return reply.status(201).send(findSet(workout, request.params.exerciseId, setId));
    },
  );

  const updateSet = {
    schema: {
      tags: ['workouts'],
      summary: 'Correct a set',
      params: SetParams,
      body: UpdateSetBody,
      response: { 200: WorkoutSet, ...errors },
    },
  };
  for (const method of ['patch', 'put'] as const) {
    app[method]('/:id/exercises/:exerciseId/sets/:setId', updateSet, async (request, reply) => {
      const changes = setChangesFromBody(request.body);
      const { exerciseId, setId } = request.params;
      const workout = await onWorkout(request, reply, request.params, {
        type: 'UpdateSet',
        workoutExerciseId: exerciseId,
        setId,
        changes,
      });
      return findSet(workout, exerciseId, setId);
    });
  }

  app.delete(
    '/:id/exercises/:exerciseId/sets/:setId',
    {
      schema: {
        tags: ['workouts'],
        summary: 'Remove a set',
        params: SetParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { exerciseId, setId } = request.params;
      await onWorkout(request, reply, request.params, { type: 'RemoveSet', workoutExerciseId: exerciseId, setId });
      return { message: 'Set removed.' };
    },
  );
});

/** Ids are UUIDs; anything else cannot name an existing thing, so it is not found. */
function assertIds(ids: Ids) {
  if (!isUuid(ids.id)) throw new WorkoutNotFound();
  if (ids.exerciseId !== undefined && !isUuid(ids.exerciseId)) throw new WorkoutExerciseNotFound();
  if (ids.setId !== undefined && !isUuid(ids.setId)) throw new SetNotFound();
}

function existing(workout: WorkoutDocument | null) {
  if (!workout) throw new WorkoutNotFound();
  return workout;
}

function findExercise(workout: WorkoutDocument | null, workoutExerciseId: string) {
  const exercise = workout?.exercises.find((e) => e.id === workoutExerciseId);
  if (!exercise) throw new WorkoutExerciseNotFound();
  return exercise;
}

function findSet(workout: WorkoutDocument | null, workoutExerciseId: string, setId: string) {
  const set = findExercise(workout, workoutExerciseId).sets.find((s) => s.id === setId);
  if (!set) throw new SetNotFound();
  return set;
}
