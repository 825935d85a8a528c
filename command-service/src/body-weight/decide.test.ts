import type { BodyWeightEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { bodyWeightDecider } from './decide.ts';

const spec = specification(bodyWeightDecider);
const at = '2026-11-21T07:00:00.000Z';
const day = { userId: 'u1', date: '2026-11-21' };
const weighed = (weight: number, recordedAt = at): BodyWeightEvent => ({
  type: 'BodyWeightRecorded',
  data: { ...day, weight, recordedAt },
});

describe('body weight decider', () => {
  it("records a day's weigh-in", () => {
    spec
      .given([])
      .when({ type: 'RecordBodyWeight', ...day, weight: 81.4, at })
      .thenEvents([weighed(81.4)]);
  });
  it('keeps the weight to 0.01 kg, so pounds typed in 0.1 lb steps show again as typed', () => {
    spec
      .given([])
      .when({ type: 'RecordBodyWeight', ...day, weight: 179.4 * 0.45359237, at })
      .thenEvents([weighed(81.37)]);
  });
  it('replaces the weigh-in with a new one, and decides nothing for the same weight again', () => {
    spec
      .given([weighed(81.4)])
      .when({ type: 'RecordBodyWeight', ...day, weight: 80.9, at })
      .thenEvents([weighed(80.9)]);
    spec
      .given([weighed(81.4)])
      .when({ type: 'RecordBodyWeight', ...day, weight: 81.4, at })
      .thenEvents([]);
  });
  it("keeps a newer weigh-in over one made earlier that arrives late (a phone's, sent when it found a signal)", () => {
    const seven = '2026-11-21T07:00:00.000Z';
    const nine = '2026-11-21T09:00:00.000Z';
    spec
      .given([weighed(79.5, nine)])
      .when({ type: 'RecordBodyWeight', ...day, weight: 80, at: seven })
      .thenEvents([]);
    spec
      .given([weighed(79.5, nine)])
      .when({ type: 'RecordBodyWeight', ...day, weight: 79.8, at: '2026-11-21T10:00:00.000Z' })
      .thenEvents([weighed(79.8, '2026-11-21T10:00:00.000Z')]);
  });
});
