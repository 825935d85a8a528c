import fs from 'node:fs';
import path from 'node:path';
import type { ExerciseTraits, Localized } from '@fitness/contracts';
import { nameKey } from '@fitness/contracts';

/** One exercise of the library as the seed file writes it (system-exercises.json). */
export type SystemExercise = ExerciseTraits & {
  slug: string;
  name: Localized<string>;
  instructions: Localized<string[]>;
  tips: Localized<string[]>;
};

const FILE = path.join(import.meta.dirname, 'system-exercises.json');

let library: SystemExercise[] | null = null;

/** The system library, written for this project in en, de and ar; read once. */
export function systemExercises(): SystemExercise[] {
  library ??= JSON.parse(fs.readFileSync(FILE, 'utf8')) as SystemExercise[];
  return library;
}

let names: Set<string> | null = null;

/** Every library name in every language, as uniqueness compares names. */
export function isSystemExerciseName(name: string) {
  names ??= new Set(systemExercises().flatMap((exercise) => Object.values(exercise.name).map(nameKey)));
  return names.has(nameKey(name));
}
