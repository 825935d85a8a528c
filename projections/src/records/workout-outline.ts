import {
  exerciseKey,
  type LoggedAt,
  type RecordedEvent,
  type WorkoutDocument,
  type WorkoutEvent,
  type WorkoutExercise,
} from '@fitness/contracts';

/**
 * What the projection keeps of a workout between its events: its owner, day, start, status and
 * duration, and its exercises in order, without their sets (each exercise's sets are kept with
 * its bests, see ExerciseWorkoutDocument). A set event names neither the user nor the exercise,
 * only the workout's exercise: this says which. Sets logged, changed or removed leave it alone.
 */
export type WorkoutOutline = Pick<WorkoutDocument, 'id' | 'user_id' | 'date' | 'started_at' | 'status' | 'duration'> & {
  exercises: Pick<WorkoutExercise, 'id' | 'exercise_id' | 'name'>[];
};

/**
 * The outline after an event, as the workouts read model's evolve would leave it (the very same
 * object when the event changes nothing it holds: a set event, a new name or note).
 */
export function evolveOutline(
  outline: WorkoutOutline | null,
  event: RecordedEvent<WorkoutEvent>,
): WorkoutOutline | null {
  if (event.type === 'WorkoutStarted') {
    const { workoutId, userId, date, startedAt } = event.data;
    return {
      id: workoutId,
      user_id: userId,
      date,
      started_at: startedAt,
      status: 'in_progress',
      duration: null,
      exercises: [],
    };
  }
  if (!outline) return null;
  switch (event.type) {
    case 'WorkoutDetailsChanged': {
      const { date = outline.date, duration = outline.duration } = event.data;
      return date === outline.date && duration === outline.duration ? outline : { ...outline, date, duration };
    }
    case 'WorkoutCompleted': {
      const { duration } = event.data;
      return outline.status === 'completed' && outline.duration === duration
        ? outline
        : { ...outline, status: 'completed', duration };
    }
    case 'WorkoutDeleted':
      return null;
    case 'WorkoutExerciseAdded': {
      const { workoutExerciseId: id, exerciseId: exercise_id, name } = event.data;
      return { ...outline, exercises: [...outline.exercises, { id, exercise_id, name }] };
    }
    case 'WorkoutExerciseChanged': {
      const { workoutExerciseId, name } = event.data;
      if (name === undefined) return outline;
      const exercises = outline.exercises.map((exercise) =>
        exercise.id === workoutExerciseId ? { ...exercise, name } : exercise,
      );
      return { ...outline, exercises };
    }
    case 'WorkoutExerciseRemoved':
      return { ...outline, exercises: outline.exercises.filter((e) => e.id !== event.data.workoutExerciseId) };
    case 'SetLogged':
    case 'SetChanged':
    case 'SetRemoved':
      return outline;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Where an exercise is in a workout and what it was logged as there (all the times it was added
 * there: `members`, the workout's exercises that are it, in order).
 */
export type ExercisePlace = {
  at: LoggedAt;
  completed: boolean;
  /** The library id it was first added with, and the name it was last added under. */
  exercise_id: string | null;
  name: string;
  members: string[];
};

/** Each exercise of the workout by exercise key, in the order they first appear. */
export function placesOf(outline: WorkoutOutline | null): Map<string, ExercisePlace> {
  const places = new Map<string, ExercisePlace>();
  outline?.exercises.forEach((exercise, index) => {
    const key = exerciseKey(exercise);
    const place = places.get(key);
    if (place) {
      place.name = exercise.name;
      place.members.push(exercise.id);
      return;
    }
    places.set(key, {
      at: { date: outline.date, started_at: outline.started_at, workout_id: outline.id, index },
      completed: outline.status === 'completed',
      exercise_id: exercise.exercise_id,
      name: exercise.name,
      members: [exercise.id],
    });
  });
  return places;
}
