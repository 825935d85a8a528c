/** The template shapes of the API, from the shared contracts (type-only: nothing of it ships). */
export type { Template } from '@fitness/contracts';
