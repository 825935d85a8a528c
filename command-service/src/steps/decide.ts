import { stepsStream } from '@fitness/contracts';
import { dailyReading } from '../core/daily-reading.ts';

/** A day's step count, a daily reading: a new count replaces the day's earlier one; the same count again changes nothing. */
export const stepsReading = dailyReading({
  command: 'RecordSteps',
  event: 'StepsRecorded',
  field: 'count',
  streamOf: stepsStream,
});

export const stepsDecider = stepsReading.decider;
