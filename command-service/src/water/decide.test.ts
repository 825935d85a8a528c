import type { WaterEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { waterDecider } from './decide.ts';
import { WaterEntryNotFound } from './errors.ts';

const spec = specification(waterDecider);
const at = '2026-11-21T09:00:00.000Z';
const day = { userId: 'u1', date: '2026-11-21' };
const logged: WaterEvent = { type: 'WaterLogged', data: { ...day, entryId: 'w1', ml: 250, loggedAt: at } };

describe('water decider', () => {
  it('logs each glass as an entry of its own', () => {
    spec
      .given([logged])
      .when({ type: 'LogWater', ...day, entryId: 'w2', ml: 500, at })
      .thenEvents([{ type: 'WaterLogged', data: { ...day, entryId: 'w2', ml: 500, loggedAt: at } }]);
  });
  it('removes water that was logged', () => {
    spec
      .given([logged])
      .when({ type: 'RemoveWater', ...day, entryId: 'w1', at })
      .thenEvents([{ type: 'WaterRemoved', data: { ...day, entryId: 'w1' } }]);
  });
  it('removes only water that was logged, and only once', () => {
    spec
      .given([])
      .when({ type: 'RemoveWater', ...day, entryId: 'w1', at })
      .thenThrows(WaterEntryNotFound);
    spec
      .given([logged, { type: 'WaterRemoved', data: { ...day, entryId: 'w1' } }])
      .when({ type: 'RemoveWater', ...day, entryId: 'w1', at })
      .thenThrows(WaterEntryNotFound);
  });
});
