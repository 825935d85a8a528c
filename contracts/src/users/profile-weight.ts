/**
 * The profile's weight has one source: the latest weigh-in (BodyWeightRecorded), by the day it
 * was for, a later one of the same day standing. `weighed_on` is that day. A weigh-in for an
 * earlier day (filled in afterwards) goes into the history and leaves the profile's weight alone.
 */
export type ProfileWeight = { weight: number | null; weighed_on: string | null };

export function weighedIn<P extends ProfileWeight>(profile: P, weighIn: { date: string; weight: number }): P {
  if (profile.weighed_on !== null && weighIn.date < profile.weighed_on) return profile;
  return { ...profile, weight: weighIn.weight, weighed_on: weighIn.date };
}
