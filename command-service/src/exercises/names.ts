import { createHash } from 'node:crypto';
import { type CustomExerciseFields, exerciseStream, nameKey, type RecordedEvent } from '@fitness/contracts';
import { exercisesProjection } from '@fitness/projections';
import type { CommandContext, CommandHandler } from '../core/command-handler.ts';
import { uuidFromName } from '../core/ids.ts';
import { type ClaimStatus, claimUnique } from '../core/unique-claim.ts';
import { exerciseDecider } from './decide.ts';
import { ExerciseNameTaken } from './errors.ts';
import { exerciseState } from './reads.ts';
import { isSystemExerciseName } from './system-library.ts';

/**
 * Custom exercise names are unique per user, among the library's names and the user's own,
 * case-insensitively. One claim stream per user and name: two concurrent creates of one name
 * cannot both win.
 */
const nameClaimStream = (userId: string, name: string) =>
  `exercise-name-${createHash('sha256')
    .update(`${userId}:${nameKey(name)}`)
    .digest('hex')}`;

/** Claims `name` for the user's exercise `exerciseId`, or throws ExerciseNameTaken. */
export async function claimExerciseName(
  handler: CommandHandler,
  userId: string,
  exerciseId: string,
  name: string,
  context: CommandContext,
) {
  const taken = () => new ExerciseNameTaken(name.trim());
  if (isSystemExerciseName(name)) throw taken();
  const claimed = await claimUnique(
    handler,
    nameClaimStream(userId, name),
    { type: 'ExerciseNameClaimed', data: { userId, exerciseId, name: name.trim() } },
    'exerciseId',
    context,
    namedClaimStatus(handler, name),
  );
  if (!claimed) throw taken();
}

/** Claims the new name when a change renames the user's own exercise; other changes claim nothing. */
export async function claimNameOfChange(
  handler: CommandHandler,
  userId: string,
  exerciseId: string,
  changes: Partial<CustomExerciseFields>,
  context: CommandContext,
) {
  if (changes.name === undefined) return;
  const current = await exerciseState(handler, exerciseId);
  const renamed =
    current.status === 'custom' && current.userId === userId && nameKey(changes.name) !== nameKey(current.name ?? '');
  if (renamed) await claimExerciseName(handler, userId, exerciseId, changes.name, context);
}

// ---- Imports: the user's custom exercise of a name, found or created --------------------------
// Used by the workout import (imports/importer.ts); kept apart from the form's create.

/**
 * The user's custom exercise named `fields.name`, created with `fields` when they have none.
 * It goes through the same name claim as the form's create, so it never makes a second exercise
 * of a name. Its ids derive from the user, the name and the claim's revision instead of a
 * caller's command id: two imports of one name at once, or an import repeated after stopping
 * between claim and create, compute the same exercise and command ids, so the claim recognises
 * its own command and the create is skipped as already done.
 */
export async function customExerciseNamed(
  handler: CommandHandler,
  userId: string,
  fields: CustomExerciseFields,
  context: Omit<CommandContext, 'commandId'>,
): Promise<{ exerciseId: string; created: boolean }> {
  const name = fields.name.trim();
  if (isSystemExerciseName(name)) throw new ExerciseNameTaken(name);
  const stream = nameClaimStream(userId, name);
  const idAt = (revision: number) => uuidFromName(`custom-exercise-named:${userId}:${nameKey(name)}:${revision}`);
  const latest = (await handler.readStream(stream)).at(-1);
  if (latest) {
    const holder = String(latest.data.exerciseId);
    const owner = await exerciseState(handler, holder);
    if (owner.status === 'custom' && owner.userId === userId && nameKey(owner.name ?? '') === nameKey(name)) {
      return { exerciseId: holder, created: false };
    }
    // An earlier call claimed the name and stopped before creating the exercise: finish it.
    if (owner.status === 'none' && holder === idAt(latest.revision)) {
      return createClaimed(handler, userId, holder, { ...fields, name }, context);
    }
  }
  const exerciseId = idAt(latest ? latest.revision + 1 : 0);
  const claimed = await claimUnique(
    handler,
    stream,
    { type: 'ExerciseNameClaimed', data: { userId, exerciseId, name } },
    'exerciseId',
    { ...context, commandId: namedCommandId(exerciseId) },
    namedClaimStatus(handler, name),
  );
  if (claimed) return createClaimed(handler, userId, exerciseId, { ...fields, name }, context);
  // Another claim won (the library form, or an import that saw a later revision): the
  // exercise it names, existing or about to be written, is the user's exercise of that name.
  const winner = (await handler.readStream(stream)).at(-1);
  if (!winner) throw new Error(`The name claim ${stream} has no events after a refused claim`);
  return { exerciseId: String(winner.data.exerciseId), created: false };
}

async function createClaimed(
  handler: CommandHandler,
  userId: string,
  exerciseId: string,
  fields: CustomExerciseFields,
  context: Omit<CommandContext, 'commandId'>,
) {
  const before = await exerciseState(handler, exerciseId);
  await handler.handle(
    exerciseDecider,
    exerciseStream(exerciseId),
    { type: 'CreateCustomExercise', exerciseId, userId, fields, at: context.now.toISOString() },
    { ...context, commandId: namedCommandId(exerciseId) },
    exercisesProjection,
  );
  return { exerciseId, created: before.status === 'none' };
}

/** The one command id of claiming a name for, and creating, an exercise found or created by name. */
function namedCommandId(exerciseId: string) {
  return uuidFromName(`create-custom-exercise-named:${exerciseId}`);
}

/**
 * How a name claim stands: held while its exercise exists under that name (deleting or
 * renaming it lets go), pending before the exercise is written.
 */
function namedClaimStatus(handler: CommandHandler, name: string) {
  return async (claim: RecordedEvent): Promise<ClaimStatus> => {
    const owner = await exerciseState(handler, String(claim.data.exerciseId));
    if (owner.status === 'none') return 'pending';
    return owner.status === 'custom' && nameKey(owner.name ?? '') === nameKey(name) ? 'held' : 'free';
  };
}
