import { createHash } from 'node:crypto';
import {
  type CustomExerciseFields,
  type ExerciseDocument,
  exerciseStream,
  favoritesStream,
  nameKey,
  type RecordedEvent,
} from '@fitness/contracts';
import { exercisesProjection } from '@fitness/projections';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { newId, uuidFromName } from '../core/ids.ts';
import { type ClaimStatus, claimUnique } from '../core/unique-claim.ts';
import { exerciseDecider, favoritesDecider } from './decide.ts';
import { ExerciseNameTaken, ExerciseNotFound } from './errors.ts';
import { evolveExercise, initialExerciseState } from './exercise.ts';
import { isSystemExerciseName, systemExercises } from './system-library.ts';

/** One claim stream per user and name: two concurrent creates of one name cannot both win. */
const nameClaimStream = (userId: string, name: string) =>
  `exercise-name-${createHash('sha256')
    .update(`${userId}:${nameKey(name)}`)
    .digest('hex')}`;

/**
 * The exercise library's writes: the seeded system library, custom exercises with names unique
 * per user (among the library's names and the user's own, case-insensitively), and favorites.
 */
export class ExerciseLibrary {
  private readonly handler: CommandHandler;

  constructor(handler: CommandHandler) {
    this.handler = handler;
  }

  /**
   * Writes the library through the normal write path: each exercise is (re)defined only when it
   * is new or its text changed, so seeding on every start appends nothing, and any number of
   * processes may seed at once.
   */
  async seed(now: Date) {
    const context = (slug: string, digest: string): CommandContext => ({
      actorId: null,
      // The same content always gives the same command id: a repeat is recognised and skipped.
      commandId: `seed:${slug}:${digest}`,
      correlationId: 'seed',
      now,
    });
    await Promise.all(
      systemExercises().map(({ slug, ...definition }) => {
        const digest = createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
        return this.handler.handle(
          exerciseDecider,
          exerciseStream(slug),
          { type: 'DefineSystemExercise', exerciseId: slug, at: now.toISOString(), definition },
          context(slug, digest),
        );
      }),
    );
  }

  async create(userId: string, fields: CustomExerciseFields, context: CommandContext) {
    const exerciseId = newId();
    await this.claimName(userId, exerciseId, fields.name, context);
    return this.run(
      exerciseId,
      { type: 'CreateCustomExercise', exerciseId, userId, fields, at: context.now.toISOString() },
      context,
    );
  }

  async change(userId: string, exerciseId: string, changes: Partial<CustomExerciseFields>, context: CommandContext) {
    const current = await this.state(exerciseId);
    if (
      changes.name !== undefined &&
      current.status === 'custom' &&
      current.userId === userId &&
      nameKey(changes.name) !== nameKey(current.name ?? '')
    ) {
      await this.claimName(userId, exerciseId, changes.name, context);
    }
    return this.run(
      exerciseId,
      { type: 'ChangeCustomExercise', exerciseId, userId, changes, at: context.now.toISOString() },
      context,
    );
  }

  async remove(userId: string, exerciseId: string, context: CommandContext) {
    return this.run(
      exerciseId,
      { type: 'DeleteCustomExercise', exerciseId, userId, at: context.now.toISOString() },
      context,
    );
  }

  /** Stars or unstars an exercise the user can see (the library's or their own). */
  async setFavorite(userId: string, exerciseId: string, favorite: boolean, context: CommandContext) {
    const exercise = await this.state(exerciseId);
    const visible = exercise.status === 'system' || (exercise.status === 'custom' && exercise.userId === userId);
    if (!visible) throw new ExerciseNotFound();
    const result = await this.handler.handle(
      favoritesDecider,
      favoritesStream(userId),
      { type: 'SetFavorite', userId, exerciseId, favorite },
      context,
    );
    return { favorite: result.state.has(exerciseId), position: result.position };
  }

  /** The user's starred exercise ids, from the write side. */
  async favorites(userId: string) {
    const events = await this.handler.readStream(favoritesStream(userId));
    return events.reduce(
      (state, event) => favoritesDecider.evolve(state, event as never),
      favoritesDecider.initialState(),
    );
  }

  private async run(
    exerciseId: string,
    command: Parameters<typeof exerciseDecider.decide>[0],
    context: CommandContext,
  ) {
    const result = await this.handler.handle(
      exerciseDecider,
      exerciseStream(exerciseId),
      command,
      context,
      exercisesProjection,
    );
    return { document: result.document as ExerciseDocument | null, position: result.position };
  }

  private async state(exerciseId: string) {
    const events = await this.handler.readStream(exerciseStream(exerciseId));
    return events.reduce((state, event) => evolveExercise(state, event as never), initialExerciseState());
  }

  private async claimName(userId: string, exerciseId: string, name: string, context: CommandContext) {
    const taken = () => new ExerciseNameTaken(name.trim());
    if (isSystemExerciseName(name)) throw taken();
    const claimed = await claimUnique(
      this.handler,
      nameClaimStream(userId, name),
      { type: 'ExerciseNameClaimed', data: { userId, exerciseId, name: name.trim() } },
      context,
      this.namedClaimStatus(name),
    );
    if (!claimed) throw taken();
  }

  // ---- Imports: the user's custom exercise of a name, found or created ----------------------
  // Used by the workout import (imports/importer.ts); kept apart from the form's create above.

  /**
   * The user's custom exercise named `fields.name`, created with `fields` when they have none.
   * It goes through the same name claim as `create`, so it never makes a second exercise of a
   * name. Its ids derive from the user, the name and the claim's revision instead of a caller's
   * command id: two imports of one name at once, or an import repeated after stopping between
   * claim and create, compute the same exercise and command ids, so the claim recognises its own
   * command and the create is skipped as already done.
   */
  async customExerciseNamed(
    userId: string,
    fields: CustomExerciseFields,
    context: Omit<CommandContext, 'commandId'>,
  ): Promise<{ exerciseId: string; created: boolean }> {
    const name = fields.name.trim();
    if (isSystemExerciseName(name)) throw new ExerciseNameTaken(name);
    const stream = nameClaimStream(userId, name);
    const idAt = (revision: number) => uuidFromName(`custom-exercise-named:${userId}:${nameKey(name)}:${revision}`);
    const latest = (await this.handler.readStream(stream)).at(-1);
    if (latest) {
      const holder = String(latest.data.exerciseId);
      const owner = await this.state(holder);
      if (owner.status === 'custom' && owner.userId === userId && nameKey(owner.name ?? '') === nameKey(name)) {
        return { exerciseId: holder, created: false };
      }
      // An earlier call claimed the name and stopped before creating the exercise: finish it.
      if (owner.status === 'none' && holder === idAt(latest.revision)) {
        return this.createClaimed(userId, holder, { ...fields, name }, context);
      }
    }
    const exerciseId = idAt(latest ? latest.revision + 1 : 0);
    const claimed = await claimUnique(
      this.handler,
      stream,
      { type: 'ExerciseNameClaimed', data: { userId, exerciseId, name } },
      { ...context, commandId: this.namedCommandId(exerciseId) },
      this.namedClaimStatus(name),
    );
    if (claimed) return this.createClaimed(userId, exerciseId, { ...fields, name }, context);
    // Another claim won (the library form, or an import that saw a later revision): the
    // exercise it names, existing or about to be written, is the user's exercise of that name.
    const winner = (await this.handler.readStream(stream)).at(-1);
    if (!winner) throw new Error(`The name claim ${stream} has no events after a refused claim`);
    return { exerciseId: String(winner.data.exerciseId), created: false };
  }

  private async createClaimed(
    userId: string,
    exerciseId: string,
    fields: CustomExerciseFields,
    context: Omit<CommandContext, 'commandId'>,
  ) {
    const before = await this.state(exerciseId);
    await this.run(
      exerciseId,
      { type: 'CreateCustomExercise', exerciseId, userId, fields, at: context.now.toISOString() },
      { ...context, commandId: this.namedCommandId(exerciseId) },
    );
    return { exerciseId, created: before.status === 'none' };
  }

  /** The one command id of claiming a name for, and creating, an exercise found or created by name. */
  private namedCommandId(exerciseId: string) {
    return uuidFromName(`create-custom-exercise-named:${exerciseId}`);
  }

  /**
   * How a name claim stands: held while its exercise exists under that name (deleting or
   * renaming it lets go), pending before the exercise is written.
   */
  private namedClaimStatus(name: string) {
    return async (claim: RecordedEvent): Promise<ClaimStatus> => {
      const owner = await this.state(String(claim.data.exerciseId));
      if (owner.status === 'none') return 'pending';
      return owner.status === 'custom' && nameKey(owner.name ?? '') === nameKey(name) ? 'held' : 'free';
    };
  }
}
