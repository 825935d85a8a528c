import type { Difficulty, ExerciseCategory, Localized, TemplateEvent, TemplateExercise } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { TemplateNotFound } from './errors.ts';
import { evolveTemplate, initialTemplateState, type TemplateState } from './template.ts';

type Base = { templateId: string; at: string };

export type TemplateCommand =
  | (Base & {
      type: 'DefineSystemTemplate';
      definition: {
        category: ExerciseCategory;
        difficulty: Difficulty;
        name: Localized<string>;
        description: Localized<string>;
        exercises: TemplateExercise[];
      };
    })
  | (Base & {
      type: 'SavePersonalTemplate';
      userId: string;
      name: string;
      category: ExerciseCategory;
      difficulty: Difficulty;
      exercises: TemplateExercise[];
    })
  | (Base & { type: 'DeletePersonalTemplate'; userId: string });

/** System templates come from the seed; a personal template is its owner's alone. */
export function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  const { templateId, at } = command;
  switch (command.type) {
    case 'DefineSystemTemplate':
      if (state.status === 'personal' || state.status === 'deleted')
        throw new Error(`${templateId} is not a system template`);
      return [{ type: 'SystemTemplateDefined', data: { templateId, ...command.definition, definedAt: at } }];
    case 'SavePersonalTemplate': {
      if (state.status !== 'none') throw new Error(`Template ${templateId} exists already`);
      const { userId, name, category, difficulty, exercises } = command;
      return [
        {
          type: 'PersonalTemplateSaved',
          data: { templateId, userId, name, category, difficulty, exercises, savedAt: at },
        },
      ];
    }
    case 'DeletePersonalTemplate':
      if (state.status !== 'personal' || state.userId !== command.userId) throw new TemplateNotFound();
      return [{ type: 'PersonalTemplateDeleted', data: { templateId, userId: command.userId, deletedAt: at } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled template command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  initialState: initialTemplateState,
  evolve: evolveTemplate,
  decide: decideTemplate,
};
