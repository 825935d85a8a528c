import type { TemplateEvent } from '@fitness/contracts';

/** What a template's rules need: whether it is the library's or someone's own, and whose. */
export type TemplateState = { status: 'none' | 'system' | 'personal' | 'deleted'; userId: string | null };

export const initialTemplateState = (): TemplateState => ({ status: 'none', userId: null });

export function evolveTemplate(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'SystemTemplateDefined':
      return { status: 'system', userId: null };
    case 'PersonalTemplateSaved':
      return { status: 'personal', userId: event.data.userId };
    case 'PersonalTemplateDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled template event ${JSON.stringify(unhandled)}`);
    }
  }
}
