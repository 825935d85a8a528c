import {
  type ExerciseDocument,
  exerciseStream,
  type Language,
  type TemplateDocument,
  type TemplateExercise,
  templateStream,
  type WorkoutDocument,
  workoutStream,
} from '@fitness/contracts';
import { exercisesProjection, foldDocument, templatesProjection, workoutsProjection } from '@fitness/projections';
import type { CommandHandler } from '../core/command-handler.ts';
import { uuidFromName } from '../core/ids.ts';
import { WorkoutNotFound } from '../workouts/errors.ts';
import { TemplateNotFound } from './errors.ts';

type Streams = Pick<CommandHandler, 'readStream'>;

/**
 * What a workout started from a template begins with: the template's name and its exercises
 * with their planned sets. An exercise the template names but the user's library does not have
 * (deleted, or never there) is kept by name, so starting never fails on it.
 */
export async function workoutFromTemplate(
  streams: Streams,
  userId: string,
  templateId: string,
  workoutId: string,
  language: Language,
) {
  const template = await fold<TemplateDocument>(streams, templateStream(templateId), templatesProjection);
  if (!template || (template.user_id !== null && template.user_id !== userId)) throw new TemplateNotFound();
  const exercises = await Promise.all(
    template.exercises.map(async (entry, index) => {
      const exercise = entry.exerciseId ? await visibleExercise(streams, entry.exerciseId, userId) : null;
      const { sets, reps, duration, distance, rest } = entry;
      return {
        workoutExerciseId: uuidFromName(`${workoutId}:${index}`),
        exerciseId: exercise ? exercise.id : null,
        name: exercise?.name[language] ?? entry.name ?? entry.exerciseId ?? '?',
        plan: { sets, reps, duration, distance, rest, ...(entry.weight !== undefined && { weight: entry.weight }) },
      };
    }),
  );
  return { name: template.name[language], exercises };
}

/**
 * What a template saved from one of the user's workouts plans: its exercises and what was done,
 * as many sets as were done past the warm-ups, each of the reps and weight of the last working
 * set (so starting the template again prefills what was lifted). An exercise without sets keeps
 * what it planned.
 */
export async function templateFromWorkout(streams: Streams, userId: string, workoutId: string) {
  const workout = await fold<WorkoutDocument>(streams, workoutStream(workoutId), workoutsProjection);
  if (!workout || workout.user_id !== userId) throw new WorkoutNotFound();
  const exercises: TemplateExercise[] = workout.exercises.map((exercise) => {
    const done = exercise.sets.filter((set) => set.type !== 'warmup');
    const last = done.filter((set) => set.type === 'working').at(-1) ?? done.at(-1) ?? exercise.sets.at(-1);
    return {
      exerciseId: exercise.exercise_id,
      name: exercise.name,
      sets: Math.max(1, done.length || exercise.sets.length || exercise.plan?.sets || 1),
      reps: last?.reps ?? exercise.plan?.reps ?? null,
      duration: last?.duration ?? exercise.plan?.duration ?? null,
      distance: last?.distance ?? exercise.plan?.distance ?? null,
      rest: last?.rest_time ?? exercise.plan?.rest ?? null,
      weight: last ? last.weight : (exercise.plan?.weight ?? null),
    };
  });
  return { name: workout.name, exercises };
}

/** The exercise, if it is in the user's library: the system's, or their own and not deleted. */
async function visibleExercise(streams: Streams, exerciseId: string, userId: string) {
  const exercise = await fold<ExerciseDocument & { id: string }>(
    streams,
    exerciseStream(exerciseId),
    exercisesProjection,
  );
  return exercise && (exercise.user_id === null || exercise.user_id === userId) ? exercise : null;
}

async function fold<D>(streams: Streams, streamId: string, projection: Parameters<typeof foldDocument>[0]) {
  return foldDocument(projection, await streams.readStream(streamId)) as D | null;
}
