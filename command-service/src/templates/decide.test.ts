import type { TemplateEvent, TemplateExercise } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { templateDecider } from './decide.ts';
import { TemplateNotFound } from './errors.ts';

const spec = specification(templateDecider);
const at = '2026-11-21T10:00:00.000Z';
const exercises: TemplateExercise[] = [
  { exerciseId: 'back-squat', name: 'Back squat', sets: 5, reps: 5, duration: null, distance: null, rest: 180 },
];
/** The personal template the user saves: what the command asks for, and what the event records. */
const legDay = {
  templateId: 't1',
  userId: 'u1',
  name: 'Leg day',
  category: 'strength',
  difficulty: 'intermediate',
  exercises,
} as const;
const saved: TemplateEvent = { type: 'PersonalTemplateSaved', data: { ...legDay, savedAt: at } };

describe('template decider', () => {
  it('saves a personal template for its owner', () => {
    spec
      .given([])
      .when({ type: 'SavePersonalTemplate', ...legDay, at })
      .thenEvents([saved]);
  });
  it('lets only the owner delete it', () => {
    spec
      .given([saved])
      .when({ type: 'DeletePersonalTemplate', templateId: 't1', userId: 'u2', at })
      .thenThrows(TemplateNotFound);
    spec
      .given([saved])
      .when({ type: 'DeletePersonalTemplate', templateId: 't1', userId: 'u1', at })
      .thenEvents([{ type: 'PersonalTemplateDeleted', data: { templateId: 't1', userId: 'u1', deletedAt: at } }]);
  });
  it('does not delete a system template or a deleted one', () => {
    const system: TemplateEvent = {
      type: 'SystemTemplateDefined',
      data: {
        templateId: 'five-by-five',
        category: 'strength',
        difficulty: 'intermediate',
        name: { en: '5x5', de: '5x5', ar: '5x5' },
        description: { en: '', de: '', ar: '' },
        exercises,
        definedAt: at,
      },
    };
    spec
      .given([system])
      .when({ type: 'DeletePersonalTemplate', templateId: 'five-by-five', userId: 'u1', at })
      .thenThrows(TemplateNotFound);
    const deleted: TemplateEvent = {
      type: 'PersonalTemplateDeleted',
      data: { templateId: 't1', userId: 'u1', deletedAt: at },
    };
    spec
      .given([saved, deleted])
      .when({ type: 'DeletePersonalTemplate', templateId: 't1', userId: 'u1', at })
      .thenThrows(TemplateNotFound);
  });
});
