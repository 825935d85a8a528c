import type { UpdateProfileBody } from './api.ts';

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The fields of PATCH /me that are not the profile's own: a weigh-in's day, the onboarding. */
type NotProfileFields = 'weighed_on' | 'onboarding';
type ProfileFields = Omit<UpdateProfileBody, NotProfileFields>;

/**
 * What a user may change about themselves, as UserProfileUpdated (version 2) carries it: the
 * profile's fields of PATCH /me under camelCase names, like every event's data. Height in cm.
 * Derived from the request body so the two cannot drift apart; a change here is a new version of
 * the event, with an upcaster (see upcasting.ts). `weight` (kg, or null: cleared) is only in
 * events written before weigh-ins became the weight's one source: PATCH /me records a weigh-in.
 */
export type ProfileChanges = { [K in keyof ProfileFields as CamelCase<K & string>]: ProfileFields[K] } & {
  weight?: number | null;
};

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const renamed = (fields: object, rename: (name: string) => string) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [rename(name), value]));

/** A PATCH /me body's profile fields (the weight and the fields not the profile's left out) as the event's changes. */
export function profileChangesFromBody(body: UpdateProfileBody): ProfileChanges {
  const { weight: _weighIn, weighed_on: _day, onboarding: _onboarding, ...profile } = body;
  return renamed(profile, camelCase) as ProfileChanges;
}

/** The event's changes under the API's names, as the user's profile document holds them. */
export const shownProfileChanges = (changes: ProfileChanges) =>
  renamed(changes, snakeCase) as ProfileFields & { weight?: number | null };
