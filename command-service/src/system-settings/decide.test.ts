import type { SystemSettingsEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { systemSettingsDecider } from './decide.ts';

const spec = specification(systemSettingsDecider);
const at = '2026-11-23T09:00:00.000Z';
const changed = (changes: Extract<SystemSettingsEvent, { type: 'SystemSettingsChanged' }>['data']['changes']) =>
  ({ type: 'SystemSettingsChanged', data: { changes, changedAt: at } }) as const;

describe('system settings decider', () => {
  it('records only the settings that change', () => {
    spec
      .given([])
      .when({
        type: 'ChangeSystemSettings',
        userId: 'admin',
        at,
        changes: { siteName: 'Stride', maintenanceMode: true, usersPerPage: 50 },
      })
      .thenEvents([changed({ maintenanceMode: true, usersPerPage: 50 })]);
  });

  it('compares with the settings as earlier changes left them', () => {
    spec
      .given([changed({ allowRegistration: false }), changed({ allowRegistration: true, siteName: 'Gym' })])
      .when({
        type: 'ChangeSystemSettings',
        userId: 'admin',
        at,
        changes: { allowRegistration: true, siteName: 'Gym', defaultUserRole: 'admin' },
      })
      .thenEvents([changed({ defaultUserRole: 'admin' })]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([changed({ maintenanceMessage: 'Back soon' })])
      .when({ type: 'ChangeSystemSettings', userId: 'admin', at, changes: { maintenanceMessage: 'Back soon' } })
      .thenEvents([]);
  });
});
