import { createHash } from 'node:crypto';
import type { CommandContext } from './command-handler.ts';

/**
 * The context of (re)defining one entry of a system catalogue (exercises, templates, foods)
 * from its seed file. The command id follows from the entry's content, so seeding on every
 * start appends only what is new or changed, and any number of processes may seed at once.
 */
export function seedContext(slug: string, definition: unknown, now: Date): CommandContext {
  const digest = createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 16);
  return { actorId: null, commandId: `seed:${slug}:${digest}`, correlationId: 'seed', now };
}
