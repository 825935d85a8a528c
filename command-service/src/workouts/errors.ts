import {
  CLIENT_TIME_HEADER,
  DomainError,
  InvalidInput,
  TOO_MANY_EXERCISES_MESSAGE,
  TOO_MANY_SETS_MESSAGE,
} from '@fitness/contracts';

export class WorkoutNotFound extends DomainError {
  constructor() {
    super('not_found', "Workout not found: the workout you're looking for doesn't exist or has been deleted");
  }
}

export class WorkoutExerciseNotFound extends DomainError {
  constructor() {
    super('not_found', 'That exercise is not part of this workout.');
  }
}

export class SetNotFound extends DomainError {
  constructor() {
    super('not_found', 'That set is not part of this exercise.');
  }
}

export class WorkoutAlreadyExists extends DomainError {
  constructor() {
    super('conflict', 'A workout with this id already exists.');
  }
}

export class WorkoutAlreadyCompleted extends DomainError {
  constructor() {
    super('conflict', 'This workout is completed: nothing more can be added to it.');
  }
}

export class CompletedWorkoutCannotResume extends DomainError {
  constructor() {
    super('conflict', 'A completed workout cannot be put back in progress.');
  }
}

export class DurationNeedsCompletion extends DomainError {
  constructor() {
    super('conflict', 'A duration can only be set on a completed workout.');
  }
}

/** The exercise id names no exercise the user can see (another user's, a deleted or a made-up one). */
export class ExerciseNotInLibrary extends InvalidInput {
  constructor() {
    super({ exercise_id: ['No exercise in your library has this id.'] });
  }
}

/** The workout has as many exercises as one may hold (MAX_EXERCISES_PER_WORKOUT). */
export class TooManyExercises extends InvalidInput {
  constructor() {
    super({ exercises: [TOO_MANY_EXERCISES_MESSAGE] });
  }
}

/** The exercise has as many sets as one may hold in a workout (MAX_SETS_PER_EXERCISE). */
export class TooManySets extends InvalidInput {
  constructor() {
    super({ sets: [TOO_MANY_SETS_MESSAGE] });
  }
}

/** A move past the last of the workout's exercises. */
export class PositionOutOfRange extends InvalidInput {
  constructor(exercises: number) {
    super({ position: [`The position must be from 0 to ${exercises - 1}: the workout has ${exercises} exercises.`] });
  }
}

/**
 * A set, an exercise or the end of a workout timed before the workout started, by more than two
 * clocks may differ (the start stamped by the server, the set by the client offline): a wrong
 * clock, which would give the workout a negative length and file the set before it.
 */
export class ActedBeforeWorkoutStarted extends InvalidInput {
  constructor() {
    super({ [CLIENT_TIME_HEADER]: [`The ${CLIENT_TIME_HEADER} header is earlier than the workout's start.`] });
  }
}
