import type { WorkoutLabels } from './workouts-outbox.ts';

/**
 * The words each write of the logger is named by in the not-kept list, in the user's language
 * (`offline.labels.*`): "Set 3 of Bench press was not kept: …".
 */
export function workoutLabels(translate: (key: string, values: Record<string, unknown>) => string): WorkoutLabels {
  return {
    start: (workout) => translate('offline.labels.start', { workout }),
    change: (workout) => translate('offline.labels.change', { workout }),
    note: (of) => translate('offline.labels.note', { of }),
    end: (workout) => translate('offline.labels.end', { workout }),
    delete: (workout) => translate('offline.labels.delete', { workout }),
    template: (workout) => translate('offline.labels.template', { workout }),
    exercise: (name) => translate('offline.labels.exercise', { name }),
    move: (exercise) => translate('offline.labels.move', { exercise }),
    superset: (exercise) => translate('offline.labels.superset', { exercise }),
    removeExercise: (exercise) => translate('offline.labels.removeExercise', { exercise }),
    set: (position, exercise) => translate('offline.labels.set', { position, exercise }),
  };
}
