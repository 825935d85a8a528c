import type { Exercise, ExerciseDocument } from './api.ts';
import type { Language } from './events.ts';

/** An exercise document as the API shows it, in one language. */
export function presentExercise(document: ExerciseDocument, language: Language, isFavorite: boolean): Exercise {
  return {
    id: document.id,
    name: document.name[language],
    category: document.category,
    primary_muscle: document.primary_muscle,
    equipment: document.equipment,
    difficulty: document.difficulty,
    unit: document.unit,
    instructions: document.instructions[language],
    tips: document.tips[language],
    is_custom: document.user_id !== null,
    is_favorite: isFavorite,
    created_at: document.created_at,
    updated_at: document.updated_at,
  };
}
