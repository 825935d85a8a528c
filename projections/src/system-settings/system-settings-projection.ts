import {
  DEFAULT_SYSTEM_SETTINGS,
  type RecordedEvent,
  SYSTEM_SETTINGS_DOCUMENT_ID,
  SYSTEM_SETTINGS_MODEL,
  type SystemSettingsDocument,
  type SystemSettingsEvent,
  systemSettingsEventTypes,
  toApiSettings,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/**
 * The `system_settings` read model: one document, the settings as admins last left them, with
 * who changed them last and when. Shared (no owner): deleting the admin who changed them keeps it.
 */
export const systemSettingsProjection: Projection<SystemSettingsDocument, SystemSettingsEvent> = {
  name: SYSTEM_SETTINGS_MODEL,
  version: 1,
  collection: { name: SYSTEM_SETTINGS_MODEL, indexes: [] },
  handles: systemSettingsEventTypes,
  documentId: () => SYSTEM_SETTINGS_DOCUMENT_ID,
  ownerField: 'user_id',
  evolve: (current: SystemSettingsDocument | null, event: RecordedEvent<SystemSettingsEvent>) => {
    switch (event.type) {
      case 'SystemSettingsChanged': {
        const base = current ?? {
          id: SYSTEM_SETTINGS_DOCUMENT_ID,
          ...toApiSettings(DEFAULT_SYSTEM_SETTINGS),
          updated_at: null,
          updated_by: null,
        };
        const { changes } = event.data;
        const changed = toApiSettings({ ...DEFAULT_SYSTEM_SETTINGS, ...changes });
        const fields = Object.fromEntries(
          Object.entries(changed).filter(([key]) => camel(key) in changes),
        ) as Partial<SystemSettingsDocument>;
        return { ...base, ...fields, updated_at: event.data.changedAt, updated_by: event.metadata.actorId };
      }
      default: {
        const unhandled: never = event.type;
        throw new Error(`Unhandled system settings event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
