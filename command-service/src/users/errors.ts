import {
  ACCOUNT_SECURITY_REFUSALS,
  CONTRADICTING_GOALS,
  DomainError,
  InvalidInput,
  MAX_PERSONAL_TOKENS,
} from '@fitness/contracts';

export class UserNotFound extends DomainError {
  constructor() {
    super('not_found', 'User not found.');
  }
}

export class UserAlreadyRegistered extends DomainError {
  constructor() {
    super('conflict', 'This user is already registered.');
  }
}

/** The erasure of what a user wrote follows their deletion, never precedes it. */
export class AccountNotDeleted extends DomainError {
  constructor() {
    super('conflict', 'Only a deleted account can be erased.');
  }
}

/** Someone must be left to run the place. */
export class LastAdmin extends DomainError {
  constructor() {
    super('conflict', 'You are the only admin. Make another user an admin before deleting your account.');
  }
}

/** Someone must be left to run the place: the last admin keeps the role. */
export class LastAdminDemotion extends DomainError {
  constructor() {
    super('conflict', 'This is the only admin. Make another user an admin before changing this role.');
  }
}

/** Someone must be left to run the place: the last admin's account stays. */
export class LastAdminDeletion extends DomainError {
  constructor() {
    super('conflict', 'This is the only admin. Make another user an admin before deleting this account.');
  }
}

/**
 * The account's role was set (or it was deleted) after its admin seat was given up for this
 * departure: the departure is decided again on the role as it is now (see AdminSeats), and
 * told only when that keeps happening.
 */
export class RoleChangedMeanwhile extends DomainError {
  constructor() {
    super('conflict', "The account's role changed meanwhile. Try again.");
  }
}

export class EmailTaken extends InvalidInput {
  constructor() {
    super({ email: ['The email has already been taken.'] });
  }
}

/** Told the same whether the email is unknown or the password wrong, so it reveals no accounts. */
export class CredentialsDoNotMatch extends InvalidInput {
  constructor() {
    super({ email: ['These credentials do not match our records.'] });
  }
}

export class PasswordIncorrect extends InvalidInput {
  constructor() {
    super({ password: ['The password is incorrect.'] });
  }
}

export class TooManyPersonalTokens extends InvalidInput {
  constructor() {
    super({ name: [`You have ${MAX_PERSONAL_TOKENS} access tokens already. Revoke one you no longer use first.`] });
  }
}

export class AccessTokenNotFound extends DomainError {
  constructor() {
    super('not_found', 'Access token not found.');
  }
}

export class PasswordRequired extends InvalidInput {
  constructor() {
    super({ password: ['The password field is required.'] });
  }
}

/** An account without a password (made through Google) confirms its deletion with its email address. */
export class EmailConfirmationIncorrect extends InvalidInput {
  constructor() {
    super({ email: ['Type the email address of your account to confirm.'] });
  }
}

/** Tampered with, not ours, or for an account that is gone. */
export class VerificationLinkInvalid extends InvalidInput {
  constructor() {
    super({ token: [ACCOUNT_SECURITY_REFUSALS.verificationLinkInvalid] });
  }
}

export class VerificationLinkExpired extends InvalidInput {
  constructor() {
    super({ token: [ACCOUNT_SECURITY_REFUSALS.verificationLinkExpired] });
  }
}

export class VerificationLinkForOtherEmail extends InvalidInput {
  constructor() {
    super({ token: [ACCOUNT_SECURITY_REFUSALS.verificationLinkForOtherEmail] });
  }
}

export class EmailAlreadyVerified extends DomainError {
  constructor() {
    super('conflict', 'Your email address is already verified.');
  }
}

/** Wrong, expired or used up: told alike. */
export class PasswordResetLinkInvalid extends InvalidInput {
  constructor() {
    super({ token: [ACCOUNT_SECURITY_REFUSALS.resetLinkInvalid] });
  }
}

export class CurrentPasswordIncorrect extends InvalidInput {
  constructor() {
    super({ current_password: [ACCOUNT_SECURITY_REFUSALS.currentPasswordIncorrect] });
  }
}

export class PushSubscriptionNotFound extends DomainError {
  constructor() {
    super('not_found', 'Push subscription not found.');
  }
}

/** Losing, keeping and gaining weight at once: one of them, or none. */
export class ContradictingGoals extends InvalidInput {
  constructor() {
    super({ goals: [CONTRADICTING_GOALS] });
  }
}
