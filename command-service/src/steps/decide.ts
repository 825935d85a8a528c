import { stepsStream } from '@fitness/contracts';
import { type DailyReadingCommand, dailyReading } from '../core/daily-reading.ts';

export type StepsCommand = DailyReadingCommand<'RecordSteps', 'count'>;

/** A day's step count, a daily reading: a new count replaces the day's earlier one; the same count again changes nothing. */
export const stepsReading = dailyReading({
  command: 'RecordSteps',
  event: 'StepsRecorded',
  field: 'count',
  streamOf: stepsStream,
});

export const stepsDecider = stepsReading.decider;
