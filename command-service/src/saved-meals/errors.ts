import { DomainError, InvalidInput, MAX_SAVED_MEALS } from '@fitness/contracts';

/** Also another user's saved meal: indistinguishable from a missing one. */
export class SavedMealNotFound extends DomainError {
  constructor() {
    super('not_found', 'Saved meal not found.');
  }
}

/**
 * The meal a saved meal is to be made from is not one of the caller's. It names a field of the
 * body, not the resource the path names, so it is a field's error (and says nothing of whether
 * someone else has a meal of that id).
 */
export class MealToSaveNotFound extends InvalidInput {
  constructor() {
    super({ meal_id: ['Choose one of your meals to save.'] });
  }
}

export class NothingToSave extends InvalidInput {
  constructor() {
    super({ meal_id: ['This meal has nothing in it to save.'] });
  }
}

export class TooManySavedMeals extends InvalidInput {
  constructor() {
    super({ meal_id: [`You have ${MAX_SAVED_MEALS} saved meals already. Delete one you no longer use first.`] });
  }
}
