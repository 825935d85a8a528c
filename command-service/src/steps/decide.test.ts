import type { StepsEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { stepsDecider } from './decide.ts';

const spec = specification(stepsDecider);
const at = '2026-11-21T20:00:00.000Z';
const day = { userId: 'u1', date: '2026-11-21' };
const recorded = (count: number, recordedAt = at): StepsEvent => ({
  type: 'StepsRecorded',
  data: { ...day, count, recordedAt },
});

describe('steps decider', () => {
  it("records a day's first count", () => {
    spec
      .given([])
      .when({ type: 'RecordSteps', ...day, count: 8000, at })
      .thenEvents([recorded(8000)]);
  });
  it('replaces the count with a new one', () => {
    spec
      .given([recorded(8000)])
      .when({ type: 'RecordSteps', ...day, count: 9500, at })
      .thenEvents([recorded(9500)]);
  });
  it('decides nothing for the same count again', () => {
    spec
      .given([recorded(8000), recorded(9500)])
      .when({ type: 'RecordSteps', ...day, count: 9500, at })
      .thenEvents([]);
  });
  it('records zero steps over a count, a correction like any other', () => {
    spec
      .given([recorded(8000)])
      .when({ type: 'RecordSteps', ...day, count: 0, at })
      .thenEvents([recorded(0)]);
  });
  it("keeps the day's count read later over one read earlier that arrives after it", () => {
    spec
      .given([recorded(9500, '2026-11-21T21:00:00.000Z')])
      .when({ type: 'RecordSteps', ...day, count: 8000, at })
      .thenEvents([]);
  });
});
