import { PASSWORDS_DO_NOT_MATCH, passwordWeakness } from '@fitness/contracts';
import { ValidationFailed } from '@fitness/platform/errors.ts';

/**
 * A password being set (registration, reset, change): typed the same twice, and not one that is
 * too easy to guess for this account. Both problems are told at once, each on its field.
 */
export function checkNewPassword(
  body: { password: string; password_confirmation: string },
  account: { email?: string; name?: string },
) {
  const errors: Record<string, string[]> = {};
  const weakness = passwordWeakness(body.password, account);
  if (weakness) errors.password = [weakness];
  if (body.password !== body.password_confirmation) errors.password_confirmation = [PASSWORDS_DO_NOT_MATCH];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
