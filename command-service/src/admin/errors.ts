import { DomainError } from '@fitness/contracts';

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
