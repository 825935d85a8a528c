import { DomainError } from '@fitness/contracts';

/** Also another user's personal template: indistinguishable from a missing one. */
export class TemplateNotFound extends DomainError {
  constructor() {
    super('not_found', 'Template not found.');
  }
}
