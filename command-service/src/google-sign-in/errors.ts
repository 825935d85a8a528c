import { DomainError, InvalidInput } from '@fitness/contracts';

/** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set: the site offers no Google sign-in. */
export class GoogleSignInNotConfigured extends DomainError {
  constructor() {
    super('not_found', 'Google sign-in is not set up on this server.');
  }
}

/** The provider cannot be reached or answered nonsense about itself; trying again later may work. */
export class GoogleSignInUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'Google sign-in is unavailable right now. Please try again later.');
  }
}

/**
 * The sign-in cannot be completed, told per part of the callback: `state` (no sign-in under way
 * in this browser, or not this one), `error` (the provider said no: cancelled, denied), `code`
 * (the code or the ID token did not check out), `email` (no verified address).
 */
export class GoogleSignInRefused extends InvalidInput {
  constructor(field: 'state' | 'error' | 'code' | 'email', message: string) {
    super({ [field]: [message] }, message);
  }
}

export const signInExpired = () =>
  new GoogleSignInRefused(
    'state',
    'This Google sign-in has expired or was started in another browser. Please start again.',
  );
export const emailNotVerified = () =>
  new GoogleSignInRefused('email', 'Google has not verified the email address of this account.');
