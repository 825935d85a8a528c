import type { UserDocument } from '@fitness/contracts';

/**
 * The user a command on their stream answers with, with the weight the read model holds: the
 * weight is the latest weigh-in, which lives in the weigh-ins' own streams (see the users
 * projection), so the document folded from the user stream alone does not know it.
 */
export function withStoredWeight(answer: UserDocument, stored: UserDocument | null | undefined): UserDocument {
  if (!stored) return answer;
  const { weight, weighed_on } = stored.profile;
  return { ...answer, profile: { ...answer.profile, weight, weighed_on } };
}
