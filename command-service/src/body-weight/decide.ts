import { bodyWeightStream } from '@fitness/contracts';
import { dailyReading } from '../core/daily-reading.ts';
import { recordedWeight } from './body-weight.ts';

/** A day's weigh-in, a daily reading like steps: the latest stands; the same weight again changes nothing. */
export const bodyWeightReading = dailyReading({
  command: 'RecordBodyWeight',
  event: 'BodyWeightRecorded',
  field: 'weight',
  streamOf: bodyWeightStream,
  recorded: recordedWeight,
  takesClientTime: true,
});

export const bodyWeightDecider = bodyWeightReading.decider;
