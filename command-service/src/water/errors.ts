import { DomainError } from '@fitness/contracts';

export class WaterEntryNotFound extends DomainError {
  constructor() {
    super('not_found', 'That water entry is not logged on this day.');
  }
}
