import type { UpdateProfileBody } from './api.ts';

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * What a user may change about themselves, as UserProfileUpdated (version 2) carries it: the
 * fields of PATCH /me under camelCase names, like every event's data. Height in cm, weight in kg.
 * Derived from the request body so the two cannot drift apart; a change here is a new version of
 * the event, with an upcaster (see upcasting.ts).
 */
export type ProfileChanges = { [K in keyof UpdateProfileBody as CamelCase<K & string>]: UpdateProfileBody[K] };

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const renamed = (fields: object, rename: (name: string) => string) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [rename(name), value]));

/** A PATCH /me body as the event's changes. */
export const profileChangesFromBody = (body: UpdateProfileBody) => renamed(body, camelCase) as ProfileChanges;

/** The event's changes under the API's names, as the user's profile document holds them. */
export const shownProfileChanges = (changes: ProfileChanges) => renamed(changes, snakeCase) as UpdateProfileBody;
