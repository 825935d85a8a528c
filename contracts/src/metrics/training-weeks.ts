import { type Static, Type } from 'typebox';
import { shiftDay } from '../calendar.ts';
import type { TrainedWorkout } from './achievements.ts';
import { MetricsQuery } from './api.ts';
import { type StartOfWeek, weekStart } from './weekly-streak.ts';

/**
 * GET /metrics/training-weeks: the weeks up to the one holding `date` (the reader's today by
 * default), each with its completed workouts, the minutes and volume they add up to, and the
 * body weight weighed in it: training against body weight, week by week.
 */
export const TrainingWeeksQuery = Type.Object({
  ...MetricsQuery.properties,
  weeks: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 104,
      default: 26,
      errorMessage: 'The weeks must be a whole number from 1 to 104.',
    }),
  ),
});

export const TrainingWeek = Type.Object({
  /** The week's first day. */
  start: Type.String(),
  workouts: Type.Integer(),
  minutes: Type.Integer(),
  /** Weight × reps of the working sets with a weight, in kilograms. */
  volume_kg: Type.Number(),
  /** The mean of the week's weigh-ins (kg), null without one. */
  body_weight: Type.Union([Type.Number(), Type.Null()]),
});
export type TrainingWeek = Static<typeof TrainingWeek>;

export const TrainingWeeks = Type.Object({ weeks: Type.Array(TrainingWeek) });
export type TrainingWeeks = Static<typeof TrainingWeeks>;

/** The `weeks` weeks ending with the one holding `date`, oldest first, from completed workouts and weigh-ins. */
export function trainingWeeks(
  completed: readonly Pick<TrainedWorkout, 'date' | 'duration' | 'volumes'>[],
  weighIns: readonly { date: string; weight: number }[],
  options: { date: string; weeks: number; startOfWeek: StartOfWeek },
): TrainingWeek[] {
  const last = weekStart(options.date, options.startOfWeek);
  const starts = Array.from({ length: options.weeks }, (_, index) => shiftDay(last, -7 * (options.weeks - 1 - index)));
  const byStart = new Map(
    starts.map((start) => [start, { start, workouts: 0, minutes: 0, volume: 0, weights: [] as number[] }]),
  );
  const weekOf = (day: string) => byStart.get(weekStart(day, options.startOfWeek));
  for (const workout of completed) {
    const week = weekOf(workout.date);
    if (!week) continue;
    week.workouts += 1;
    week.minutes += workout.duration ?? 0;
    for (const lifted of workout.volumes) week.volume += lifted;
  }
  for (const weighIn of weighIns) weekOf(weighIn.date)?.weights.push(weighIn.weight);
  return [...byStart.values()].map(({ start, workouts, minutes, volume, weights }) => ({
    start,
    workouts,
    minutes,
    volume_kg: Math.round(volume),
    body_weight:
      weights.length === 0 ? null : Math.round((weights.reduce((sum, w) => sum + w, 0) / weights.length) * 10) / 10,
  }));
}
