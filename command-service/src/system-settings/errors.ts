import { DomainError } from '@fitness/contracts';

/** An admin switched registration off: new accounts are refused (403). */
export class RegistrationClosed extends DomainError {
  constructor() {
    super('forbidden', 'Registration is closed. New accounts cannot be created at the moment.');
  }
}
