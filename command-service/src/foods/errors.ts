import { DomainError } from '@fitness/contracts';

/** Also a food of another user's: indistinguishable from a missing one. */
export class FoodNotFound extends DomainError {
  constructor() {
    super('not_found', 'Food not found.');
  }
}
