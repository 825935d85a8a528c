import { accountSecurityRefusal } from '@fitness/contracts/users/account-security-refusals.ts';
import type { TFunction } from 'i18next';
import { ApiError, type FieldErrors } from './api-client.ts';

/**
 * A field's message from the server in the reader's language: the account-security refusals the
 * app knows, translated; anything else as the server wrote it.
 */
export function refusalText(t: TFunction, message: string | undefined) {
  const known = accountSecurityRefusal(message);
  return known ? t(`auth.refusals.${known}`) : message;
}

/** The first message the server gave for a field of a 422, translated where known. */
export function fieldRefusal(t: TFunction, error: unknown, field: string) {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return refusalText(t, error.fieldErrors[field]?.[0]);
}

/** A new password the server refused: too easy to guess, or else not 8 to 200 characters. */
export function newPasswordRefusal(t: TFunction, message: string | undefined) {
  return accountSecurityRefusal(message) === 'weakPassword'
    ? t('auth.refusals.weakPassword')
    : t('auth.passwordLength');
}

/** A new password's confirmation refused before anything is sent: it is not the password typed. */
export function unconfirmedPassword(t: TFunction, password: string, confirmation: string): FieldErrors {
  return password === confirmation ? {} : { password_confirmation: [t('errors.passwordsDoNotMatch')] };
}

/**
 * "Too many attempts" in the reader's language, with how long to wait when the server said (its
 * Retry-After): seconds, then minutes, then hours, rounded up, so nobody tries again too early.
 */
export function tooManyAttempts(t: TFunction, error: unknown, locale: string) {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : null;
  if (!seconds) return t('auth.tooManyAttempts');
  return t('auth.tryAgainIn', { wait: waitText(seconds, locale) });
}

/** A wait as words: "45 seconds", "3 minutes", "2 hours" (in the locale's own words). */
export function waitText(seconds: number, locale: string) {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
