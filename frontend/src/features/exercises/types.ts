/** The exercise shapes of the API, from the shared contracts (type-only: nothing of it ships). */
export type { Exercise, ExerciseBody } from '@fitness/contracts';
/** The choices themselves: events.ts has no Node imports, so it bundles for the browser. */
export { CATEGORIES, DIFFICULTIES, EQUIPMENT, MUSCLES, UNITS } from '@fitness/contracts/exercises/events.ts';

export type Tab = 'all' | 'mine' | 'favorites';

/** What the library screen asks for; empty strings mean "any". */
export type ExerciseQuery = { search: string; category: string; muscle: string; equipment: string; tab: Tab };
