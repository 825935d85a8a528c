import { MAX_EXERCISES_PER_WORKOUT } from '@fitness/contracts/workouts/set-limits.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { useForm } from '../../lib/form.ts';
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
  // A refusal shows at the field; anything else as a toast, unless the app told it already.
  const form = useForm({ fallback: t('workout.failedToAddExercise'), fields: ['name'], telling: 'toast' });
  const suggestions = useLibrarySuggestions(lookup, exerciseName);
  const full = exercises >= MAX_EXERCISES_PER_WORKOUT;

  const addExercise = form.submit(
    async () => {
      const name = exerciseName.trim();
      const fromLibrary = await lookup.findByName(name);
      await workouts.addExercise(id, fromLibrary?.name ?? name, fromLibrary?.id ?? null);
      services.toasts.success(t('workout.exerciseAdded'), name);
      setExerciseName('');
    },
    () => ({ ...(!exerciseName.trim() && { name: [t('workout.exerciseNameRequired')] }) }),
  );

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
            error={form.fieldError('name')}
          />
          <datalist id="library-suggestions" aria-label={t('workout.suggestions')}>
            {suggestions.map((exercise) => (
              <option key={exercise.id} value={exercise.name} />
            ))}
          </datalist>
          <Button type="submit" variant="primary" icon={<Plus size={18} />} busy={form.busy}>
            {form.busy ? t('workout.adding') : t('workout.addExercise')}
          </Button>
        </form>
      )}
    </section>
  );
}
