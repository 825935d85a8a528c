import type { Difficulty, ExerciseCategory, Localized } from '../exercises/events.ts';
import type { ExercisePlan } from '../workouts/events.ts';

/**
 * Facts about workout templates. Stream: `template-<id>` (system templates use their slug as
 * id, personal ones a UUID). All at schema version 1.
 */

/** One exercise of a template: a library exercise by id, or (personal templates) a name only. */
export type TemplateExercise = ExercisePlan & { exerciseId: string | null; name: string | null };

export type TemplateEvent =
  | {
      type: 'SystemTemplateDefined';
      data: {
        templateId: string;
        category: ExerciseCategory;
        difficulty: Difficulty;
        name: Localized<string>;
        description: Localized<string>;
        exercises: TemplateExercise[];
        definedAt: string;
      };
    }
  | {
      type: 'PersonalTemplateSaved';
      data: {
        templateId: string;
        userId: string;
        name: string;
        category: ExerciseCategory;
        difficulty: Difficulty;
        exercises: TemplateExercise[];
        savedAt: string;
      };
    }
  | { type: 'PersonalTemplateDeleted'; data: { templateId: string; userId: string; deletedAt: string } };

export const templateEventTypes: readonly TemplateEvent['type'][] = [
  'SystemTemplateDefined',
  'PersonalTemplateSaved',
  'PersonalTemplateDeleted',
];

export const templateStream = (templateId: string) => `template-${templateId}`;
