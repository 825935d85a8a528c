import { DomainError, InvalidInput } from '@fitness/contracts';

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

export class PushSubscriptionNotFound extends DomainError {
  constructor() {
    super('not_found', 'Push subscription not found.');
  }
}
