import { Conflict, NotFound } from '@fitness/platform/errors.ts';

export class WorkoutNotFound extends NotFound {
  constructor() {
    super("Workout not found: the workout you're looking for doesn't exist or has been deleted");
  }
}

export class WorkoutExerciseNotFound extends NotFound {
  constructor() {
    super('That exercise is not part of this workout.');
  }
}

export class SetNotFound extends NotFound {
  constructor() {
    super('That set is not part of this exercise.');
  }
}

export class WorkoutAlreadyExists extends Conflict {
  constructor() {
    super('A workout with this id already exists.');
  }
}

export class WorkoutAlreadyCompleted extends Conflict {
  constructor() {
    super('This workout is completed: nothing more can be added to it.');
  }
}

export class CompletedWorkoutCannotResume extends Conflict {
  constructor() {
    super('A completed workout cannot be put back in progress.');
  }
}

export class DurationNeedsCompletion extends Conflict {
  constructor() {
    super('A duration can only be set on a completed workout.');
  }
}
