import assert from 'node:assert/strict';
import type { WaterEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { recorded } from '../testing/recorded-events.ts';
import { waterProjection } from './water-projection.ts';

const at = '2026-11-21T08:00:00.000Z';

describe('water projection', () => {
  it("keeps a day's entries and their total", () => {
    const day = foldDocument(
      waterProjection,
      recorded<WaterEvent>([
        { type: 'WaterLogged', data: { userId: 'u1', date: '2026-11-21', entryId: 'w1', ml: 250, loggedAt: at } },
        { type: 'WaterLogged', data: { userId: 'u1', date: '2026-11-21', entryId: 'w2', ml: 500, loggedAt: at } },
        { type: 'WaterRemoved', data: { userId: 'u1', date: '2026-11-21', entryId: 'w1' } },
      ]),
    );
    assert.deepEqual(day, {
      id: 'u1:2026-11-21',
      user_id: 'u1',
      date: '2026-11-21',
      entries: [{ id: 'w2', ml: 500, logged_at: at }],
      total_ml: 500,
    });
  });
});
