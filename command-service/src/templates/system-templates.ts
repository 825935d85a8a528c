import fs from 'node:fs';
import path from 'node:path';
import type { Difficulty, ExerciseCategory, Localized, TemplateExercise } from '@fitness/contracts';

/** A template as the seed file writes it (system-templates.json). */
type SeedTemplate = {
  slug: string;
  category: ExerciseCategory;
  difficulty: Difficulty;
  name: Localized<string>;
  description: Localized<string>;
  exercises: { exercise: string; sets: number; reps?: number; duration?: number; distance?: number; rest?: number }[];
};

export type SystemTemplate = Omit<SeedTemplate, 'exercises'> & { exercises: TemplateExercise[] };

const FILE = path.join(import.meta.dirname, 'system-templates.json');
let templates: SystemTemplate[] | null = null;

/** The system templates, written for this project in en, de and ar; read once. */
export function systemTemplates(): SystemTemplate[] {
  templates ??= (JSON.parse(fs.readFileSync(FILE, 'utf8')) as SeedTemplate[]).map((template) => ({
    ...template,
    exercises: template.exercises.map((entry) => ({
      exerciseId: entry.exercise,
      name: null,
      sets: entry.sets,
      reps: entry.reps ?? null,
      duration: entry.duration ?? null,
      distance: entry.distance ?? null,
      rest: entry.rest ?? null,
    })),
  }));
  return templates;
}
