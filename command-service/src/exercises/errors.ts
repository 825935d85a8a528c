import { DomainError, duplicateExerciseMessage, InvalidInput } from '@fitness/contracts';

export class ExerciseNotFound extends DomainError {
  constructor() {
    super('not_found', 'Exercise not found.');
  }
}

export class SystemExerciseReadOnly extends DomainError {
  constructor() {
    super('forbidden', 'Exercises of the library cannot be changed. Create your own exercise instead.');
  }
}

/** Custom exercise names are unique per user, among the library's names and their own. */
export class ExerciseNameTaken extends InvalidInput {
  constructor(name: string) {
    super({ name: [duplicateExerciseMessage(name)] });
  }
}
