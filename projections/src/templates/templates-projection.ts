import type { RecordedEvent, TemplateDocument, TemplateEvent } from '@fitness/contracts';
import { everywhere, templateEventTypes } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `templates` read model: the system templates (user_id null) and every user's own. */
export const templatesProjection: Projection<TemplateDocument, TemplateEvent> = {
  name: 'templates',
  version: 1,
  collection: { name: 'templates', indexes: [['user_id']] },
  handles: templateEventTypes,
  documentId: (event) => event.data.templateId,
  ownerField: 'user_id',
  evolve: (current: TemplateDocument | null, event: RecordedEvent<TemplateEvent>) => {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case 'SystemTemplateDefined': {
        const { data } = event;
        return {
          id: data.templateId,
          user_id: null,
          category: data.category,
          difficulty: data.difficulty,
          name: data.name,
          description: data.description,
          exercises: data.exercises,
          created_at: current?.created_at ?? data.definedAt,
          updated_at: at,
        };
      }
      case 'PersonalTemplateSaved': {
        const { data } = event;
        return {
          id: data.templateId,
          user_id: data.userId,
          category: data.category,
          difficulty: data.difficulty,
          name: everywhere(data.name),
          description: everywhere(''),
          exercises: data.exercises,
          created_at: data.savedAt,
          updated_at: at,
        };
      }
      case 'PersonalTemplateDeleted':
        return null;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled template event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};
