import { templateStream } from '@fitness/contracts';
import type { CommandHandler } from '../core/command-handler.ts';
import { seedContext } from '../core/seed-context.ts';
import { templateDecider } from './decide.ts';
import { systemTemplates } from './system-templates.ts';

/** Writes the system templates, like the exercise library: only new or changed ones. */
export async function seedSystemTemplates(handler: CommandHandler, now: Date) {
  await Promise.all(
    systemTemplates().map(({ slug, ...definition }) =>
      handler.handle(
        templateDecider,
        templateStream(slug),
        { type: 'DefineSystemTemplate', templateId: slug, definition, at: now.toISOString() },
        seedContext(slug, definition, now),
      ),
    ),
  );
}
