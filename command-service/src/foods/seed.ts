import { foodStream } from '@fitness/contracts';
import type { CommandHandler } from '../core/command-handler.ts';
import { seedContext } from '../core/seed-context.ts';
import { foodDecider } from './decide.ts';
import { systemFoods } from './system-foods.ts';

/** Writes the food library: each food is (re)defined only when new or changed. */
export async function seedSystemFoods(handler: CommandHandler, now: Date) {
  await Promise.all(
    systemFoods().map(({ slug, category, name, per100g, serving }) => {
      const definition = { category, name, per100g, serving: serving ?? null };
      return handler.handle(
        foodDecider,
        foodStream(slug),
        { type: 'DefineSystemFood', foodId: slug, definition, at: now.toISOString() },
        seedContext(slug, definition, now),
      );
    }),
  );
}
