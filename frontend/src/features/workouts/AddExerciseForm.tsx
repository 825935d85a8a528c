import { MAX_EXERCISES_PER_WORKOUT } from '@fitness/contracts/workouts/sets.ts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError, toldTheUser } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';
import type { ExerciseLookup } from './exercise-lookup.ts';
import { useLibrarySuggestions } from './useLibrarySuggestions.ts';

/** Adds an exercise to an open workout by name, suggesting the library's (the form goes when the workout is full). */
export function AddExerciseForm({
  id,
  exercises,
  lookup,
}: {
  id: string;
  /** How many exercises the workout holds. */
  exercises: number;
  lookup: ExerciseLookup;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { workouts } = services;
  const [exerciseName, setExerciseName] = useState('');
  const [exerciseError, setExerciseError] = useState('');
  const [adding, setAdding] = useState(false);
  const suggestions = useLibrarySuggestions(lookup, exerciseName);
  const full = exercises >= MAX_EXERCISES_PER_WORKOUT;

  async function addExercise(event: FormEvent) {
    event.preventDefault();
    setExerciseError('');
    if (!exerciseName.trim()) {
      setExerciseError(t('workout.exerciseNameRequired'));
      return;
    }
    setAdding(true);
    try {
      const fromLibrary = await lookup.findByName(exerciseName.trim());
      await workouts.addExercise(id, fromLibrary?.name ?? exerciseName.trim(), fromLibrary?.id ?? null);
      services.toasts.success(t('workout.exerciseAdded'), exerciseName.trim());
      setExerciseName('');
    } catch (error) {
      // A refusal shows at the field; what the app already told (no network, server down) shows nowhere else.
      if (error instanceof ApiError && error.status === 422) setExerciseError(error.fieldErrors.name?.[0] ?? '');
      else if (!toldTheUser(error)) services.toasts.error(t('workout.failedToAddExercise'));
    } finally {
      setAdding(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="add-exercise-title">
      <h2 id="add-exercise-title">{t('workout.addExercise')}</h2>
      {exercises === 0 && <p className="muted">{t('workout.noExercises')}</p>}
      {full && <p className="muted">{t('workout.exercisesFull', { max: MAX_EXERCISES_PER_WORKOUT })}</p>}
      {!full && (
        <form className="exercise-form" onSubmit={addExercise} noValidate>
          <TextField
            label={t('workout.exerciseName')}
            placeholder={t('workout.exercisePlaceholder')}
            value={exerciseName}
            maxLength={120}
            list="library-suggestions"
            autoComplete="off"
            onChange={(e) => setExerciseName(e.target.value)}
            error={exerciseError || undefined}
          />
          <datalist id="library-suggestions" aria-label={t('workout.suggestions')}>
            {suggestions.map((exercise) => (
              <option key={exercise.id} value={exercise.name} />
            ))}
          </datalist>
          <Button type="submit" variant="primary" icon={<Plus size={18} />} busy={adding}>
            {adding ? t('workout.adding') : t('workout.addExercise')}
          </Button>
        </form>
      )}
    </section>
  );
}
