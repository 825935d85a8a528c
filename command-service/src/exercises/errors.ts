import { Forbidden, NotFound } from '@fitness/platform/errors.ts';

export class ExerciseNotFound extends NotFound {
  constructor() {
    super('Exercise not found.');
  }
}

export class SystemExerciseReadOnly extends Forbidden {
  constructor() {
    super('Exercises of the library cannot be changed. Create your own exercise instead.');
  }
}
