import { exerciseStream } from '@fitness/contracts';
import type { CommandHandler } from '../core/command-handler.ts';
import { seedContext } from '../core/seed-context.ts';
import { exerciseDecider } from './decide.ts';
import { systemExercises } from './system-library.ts';

/**
 * Writes the library through the normal write path: each exercise is (re)defined only when it is
 * new or its text changed, so seeding on every start appends nothing, and any number of
 * processes may seed at once.
 */
export async function seedSystemExercises(handler: CommandHandler, now: Date) {
  await Promise.all(
    systemExercises().map(({ slug, ...definition }) =>
      handler.handle(
        exerciseDecider,
        exerciseStream(slug),
        { type: 'DefineSystemExercise', exerciseId: slug, at: now.toISOString(), definition },
        seedContext(slug, definition, now),
      ),
    ),
  );
}
