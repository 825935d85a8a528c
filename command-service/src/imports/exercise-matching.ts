import { type CustomExerciseFields, type Equipment, searchable } from '@fitness/contracts';
import { systemExercises } from '../exercises/system-library.ts';
import type { ImportedSet } from './imported-workout.ts';

/** A library exercise an export's name stands for, named as the library names it in the language that matched. */
export type LibraryMatch = { exerciseId: string; name: string };

/** Exports name exercises "Name (Equipment)"; the library says "Equipment Name" or just "Name". */
const WITH_EQUIPMENT = /^(.*\S)\s*\(([^()]+)\)$/;

/**
 * The names an export's exercise name is looked up by, in order: as written; with the
 * parenthesised equipment moved to the front ("Bench Press (Barbell)" -> "Barbell Bench Press");
 * without it ("Lat Pulldown (Cable)" -> "Lat Pulldown"). Deliberately no more than that: a
 * wrong match files sets under the wrong exercise, while a miss only creates a custom exercise
 * the user can see and rename.
 */
export function candidateNames(name: string): string[] {
  const match = WITH_EQUIPMENT.exec(name.trim());
  if (!match) return [name];
  const [, base = '', equipment = ''] = match;
  return [name, `${equipment.trim()} ${base}`, base];
}

let library: Map<string, LibraryMatch> | null = null;

/** Every library name in every language, as search compares text (case, accents, Arabic spellings). */
function libraryNames() {
  if (library) return library;
  library = new Map();
  for (const exercise of systemExercises()) {
    for (const name of Object.values(exercise.name)) {
      const key = searchable(name);
      if (!library.has(key)) library.set(key, { exerciseId: exercise.slug, name });
    }
  }
  return library;
}

/** The library exercise an export's name stands for, or null when it is not one of the library's. */
export function matchLibraryExercise(name: string): LibraryMatch | null {
  for (const candidate of candidateNames(name)) {
    const found = libraryNames().get(searchable(candidate));
    if (found) return found;
  }
  return null;
}

/** The equipment words of Strong's and Hevy's names, for the few that have a counterpart here. */
const EQUIPMENT_WORDS: Record<string, Equipment> = {
  barbell: 'barbell',
  dumbbell: 'dumbbells',
  machine: 'machines',
  'smith machine': 'machines',
  cable: 'cables',
  bodyweight: 'bodyweight',
  'weighted bodyweight': 'bodyweight',
  'assisted bodyweight': 'bodyweight',
};

/**
 * What a custom exercise created for an unknown name is: the library form's defaults, with the
 * unit its sets show (reps, else distance, else time) and the equipment its name says. The
 * user can correct the rest in the library.
 */
export function customExerciseFields(name: string, sets: ImportedSet[]): CustomExerciseFields {
  const unit = sets.some((set) => set.reps > 0)
    ? 'reps'
    : sets.some((set) => set.distanceMetres !== null)
      ? 'distance'
      : 'time';
  const equipmentWord = WITH_EQUIPMENT.exec(name.trim())?.[2]?.trim().toLowerCase() ?? '';
  return {
    name: name.trim(),
    category: unit === 'distance' ? 'cardio' : 'strength',
    muscle: 'chest',
    equipment: EQUIPMENT_WORDS[equipmentWord] ?? 'bodyweight',
    difficulty: 'beginner',
    unit,
    instructions: [],
    tips: [],
  };
}
