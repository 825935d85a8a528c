import { DomainError, InvalidInput, MAX_QUANTITY } from '@fitness/contracts';

/** Also another user's meal: indistinguishable from a missing one. */
export class MealNotFound extends DomainError {
  constructor() {
    super('not_found', 'Meal not found.');
  }
}

export class EntryNotFound extends DomainError {
  constructor() {
    super('not_found', 'That entry is not part of this meal.');
  }
}

/** A quantity that comes to no food, or more than anyone eats at once, or servings of a food without one. */
export class InvalidQuantity extends InvalidInput {
  constructor(message = `The quantity must come to more than 0 and at most ${MAX_QUANTITY} g.`) {
    super({ quantity: [message] });
  }
}

export class QuickAddHasNoQuantity extends InvalidInput {
  constructor() {
    super({ quantity: ['A quick-add has no quantity; change its calories and macros instead.'] });
  }
}

/** Changing a weighed entry means weighing it again. */
export class QuantityRequired extends InvalidInput {
  constructor() {
    super({ quantity: ['Give the new quantity of this food.'] });
  }
}

/** A meal, a day or a saved meal to copy that holds no entries: copying it would log nothing. */
export class NothingToCopy extends InvalidInput {
  constructor(field: string, message: string) {
    super({ [field]: [message] });
  }
}

/**
 * A meal or a day copied onto itself would double every entry in it: never what copying
 * yesterday's breakfast means, and not undone in one step.
 */
export class CopyOntoItself extends InvalidInput {
  constructor(field: string, message: string) {
    super({ [field]: [message] });
  }
}
