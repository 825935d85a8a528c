import { bodyWeightStream } from '@fitness/contracts';
import { type DailyReadingCommand, dailyReading } from '../core/daily-reading.ts';
import { recordedWeight } from './body-weight.ts';

export type BodyWeightCommand = DailyReadingCommand<'RecordBodyWeight', 'weight'>;

/** A day's weigh-in, a daily reading like steps: the latest stands; the same weight again changes nothing. */
export const bodyWeightReading = dailyReading({
  command: 'RecordBodyWeight',
  event: 'BodyWeightRecorded',
  field: 'weight',
  streamOf: bodyWeightStream,
  recorded: recordedWeight,
});

export const bodyWeightDecider = bodyWeightReading.decider;
