import { createHash } from 'node:crypto';
import {
  type Difficulty,
  type ExerciseCategory,
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
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { newId, uuidFromName } from '../core/ids.ts';
import { workoutDecider } from '../workouts/decide.ts';
import { WorkoutNotFound } from '../workouts/errors.ts';
import { TemplateNotFound, templateDecider } from './decide.ts';
import { systemTemplates } from './system-templates.ts';

/**
 * Workout templates: the seeded system templates, templates users save from their workouts,
 * and starting a workout from either. An exercise a template names but the user's library does
 * not have (deleted, or never there) is kept by name, so starting never fails on it.
 */
export class Templates {
  private readonly handler: CommandHandler;

  constructor(handler: CommandHandler) {
    this.handler = handler;
  }

  /** Like the exercise library's seed: only new or changed templates are written. */
  async seed(now: Date) {
    await Promise.all(
      systemTemplates().map(({ slug, ...definition }) => {
        const digest = createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
        return this.handler.handle(
          templateDecider,
          templateStream(slug),
          { type: 'DefineSystemTemplate', templateId: slug, definition, at: now.toISOString() },
          { actorId: null, commandId: `seed:${slug}:${digest}`, correlationId: 'seed', now },
        );
      }),
    );
  }

  /** Saves one of the user's workouts as a personal template: its exercises and what was done. */
  async saveFromWorkout(
    userId: string,
    workoutId: string,
    options: { name?: string; category?: ExerciseCategory; difficulty?: Difficulty },
    context: CommandContext,
  ) {
    const workout = await this.fold<WorkoutDocument>(workoutStream(workoutId), workoutsProjection);
    if (!workout || workout.user_id !== userId) throw new WorkoutNotFound();
    const exercises: TemplateExercise[] = workout.exercises.map((exercise) => {
      const working = exercise.sets.filter((set) => set.type === 'working');
      const last = working.at(-1) ?? exercise.sets.at(-1);
      return {
        exerciseId: exercise.exercise_id,
        name: exercise.name,
        sets: Math.max(1, working.length || exercise.sets.length || exercise.plan?.sets || 1),
        reps: last?.reps ?? exercise.plan?.reps ?? null,
        duration: last?.duration ?? exercise.plan?.duration ?? null,
        distance: last?.distance ?? exercise.plan?.distance ?? null,
        rest: last?.rest_time ?? exercise.plan?.rest ?? null,
      };
    });
    const templateId = newId();
    const result = await this.handler.handle(
      templateDecider,
      templateStream(templateId),
      {
        type: 'SavePersonalTemplate',
        templateId,
        userId,
        name: options.name?.trim() || workout.name,
        category: options.category ?? 'strength',
        difficulty: options.difficulty ?? 'intermediate',
        exercises,
        at: context.now.toISOString(),
      },
      context,
    );
    return { templateId, position: result.position };
  }

  async remove(userId: string, templateId: string, context: CommandContext) {
    const result = await this.handler.handle(
      templateDecider,
      templateStream(templateId),
      { type: 'DeletePersonalTemplate', templateId, userId, at: context.now.toISOString() },
      context,
    );
    return result.position;
  }

  /** Starts an in-progress workout with the template's exercises and their planned sets. */
  async start(userId: string, templateId: string, date: string, language: Language, context: CommandContext) {
    const template = await this.fold<TemplateDocument>(templateStream(templateId), templatesProjection);
    if (!template || (template.user_id !== null && template.user_id !== userId)) throw new TemplateNotFound();
    const workoutId = newId();
    const exercises = await Promise.all(
      template.exercises.map(async (entry, index) => {
        const exercise = entry.exerciseId ? await this.visibleExercise(entry.exerciseId, userId) : null;
        const { sets, reps, duration, distance, rest } = entry;
        return {
          workoutExerciseId: uuidFromName(`${workoutId}:${index}`),
          exerciseId: exercise ? exercise.id : null,
          name: exercise?.name[language] ?? entry.name ?? entry.exerciseId ?? '?',
          plan: { sets, reps, duration, distance, rest },
        };
      }),
    );
    const result = await this.handler.handle(
      workoutDecider,
      workoutStream(workoutId),
      {
        type: 'StartWorkout',
        workoutId,
        userId,
        name: template.name[language],
        notes: null,
        date,
        exercises,
        at: context.now.toISOString(),
      },
      context,
      workoutsProjection,
    );
    return { workout: result.document as WorkoutDocument, position: result.position };
  }

  /** The exercise, if it is in the user's library: the system's, or their own and not deleted. */
  private async visibleExercise(exerciseId: string, userId: string) {
    const exercise = await this.fold<ExerciseDocument & { id: string }>(
      exerciseStream(exerciseId),
      exercisesProjection,
    );
    return exercise && (exercise.user_id === null || exercise.user_id === userId) ? exercise : null;
  }

  private async fold<D>(streamId: string, projection: Parameters<typeof foldDocument>[0]) {
    return foldDocument(projection, await this.handler.readStream(streamId)) as D | null;
  }
}
