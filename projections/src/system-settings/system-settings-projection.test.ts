import assert from 'node:assert/strict';
import type { RecordedEvent, SystemSettingsEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { systemSettingsProjection } from './system-settings-projection.ts';

const recorded = (events: SystemSettingsEvent[]): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    id: `e${index}`,
    streamId: 'system-settings',
    revision: index,
    position: index + 1,
    recordedAt: event.data.changedAt,
    metadata: {
      actorId: `admin-${index}`,
      commandId: `c${index}`,
      correlationId: 'r',
      timestamp: event.data.changedAt,
      schemaVersion: 1,
    },
  }));

describe('system settings projection', () => {
  it('keeps the defaults for what no admin changed, and who changed the rest last', () => {
    const document = foldDocument(
      systemSettingsProjection,
      recorded([
        {
          type: 'SystemSettingsChanged',
          data: { changes: { siteName: 'Gym', maintenanceMode: true }, changedAt: '2026-11-23T09:00:00.000Z' },
        },
        {
          type: 'SystemSettingsChanged',
          data: { changes: { maintenanceMode: false, usersPerPage: 50 }, changedAt: '2026-11-23T09:05:00.000Z' },
        },
      ]),
    );
    assert.deepEqual(document, {
      id: 'current',
      site_name: 'Gym',
      maintenance_mode: false,
      maintenance_message: null,
      allow_registration: true,
      default_user_role: 'user',
      session_timeout_minutes: 10_080,
      users_per_page: 50,
      email_notifications: true,
      push_notifications: true,
      updated_at: '2026-11-23T09:05:00.000Z',
      updated_by: 'admin-1',
    });
  });
});
