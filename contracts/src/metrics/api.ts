import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import { CLIENT_SETTING_NUMBERS } from '../users/client-settings.ts';

const Pair = Type.Object({ consumed: Type.Number(), target: Type.Number() });

/** The spec's daily metrics (section 3), for one day: the API's shape, and the type everyone uses. */
export const DailyMetricsSchema = Type.Object({
  date: Type.String(),
  calories: Type.Object({
    consumed: Type.Number(),
    burned: Type.Number(),
    target: Type.Number(),
    remaining: Type.Number(),
  }),
  macros: Type.Object({ protein: Pair, carbs: Pair, fat: Pair }),
  workouts: Type.Object({ completed: Type.Integer(), duration: Type.Integer() }),
  water: Type.Object({ consumed: Type.Integer(), target: Type.Integer() }),
  steps: Type.Object({ count: Type.Integer(), target: Type.Integer() }),
});
export type DailyMetrics = Static<typeof DailyMetricsSchema>;

/** `date`: the reader's own calendar day (their time zone decides what "today" is); default: today in UTC. */
export const MetricsQuery = Type.Object({
  date: Type.Optional(CalendarDate),
  start_of_week: Type.Optional(
    Type.Unsafe<'monday' | 'sunday'>(
      Type.Union([Type.Literal('monday'), Type.Literal('sunday')], {
        errorMessage: 'The start of the week must be monday or sunday.',
      }),
    ),
  ),
});

const goalBounds = CLIENT_SETTING_NUMBERS.weeklyWorkoutGoal;

/**
 * /metrics/achievements: MetricsQuery, and the weekly goal the streak counts weeks by (within the
 * setting's bounds); both the goal and the start of the week default to the user's settings.
 */
export const AchievementsQuery = Type.Object({
  ...MetricsQuery.properties,
  weekly_goal: Type.Optional(
    Type.Integer({
      minimum: goalBounds.minimum,
      maximum: goalBounds.maximum,
      errorMessage: `The weekly goal must be a whole number of workouts from ${goalBounds.minimum} to ${goalBounds.maximum}.`,
    }),
  ),
});

const Totals = Type.Object({
  calories_consumed: Type.Number(),
  calories_burned: Type.Number(),
  protein: Type.Number(),
  carbs: Type.Number(),
  fat: Type.Number(),
  workouts: Type.Number(),
  workout_minutes: Type.Number(),
  water: Type.Number(),
  steps: Type.Number(),
});

export const MetricsSpan = Type.Object({
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(DailyMetricsSchema),
  totals: Totals,
  averages: Totals,
});
export type MetricsSpan = Static<typeof MetricsSpan>;

/** The day a daily reading (a weigh-in, a step count) is recorded for, in its URL. */
export const DayParams = Type.Object({ date: CalendarDate });
export const BodyWeightBody = Type.Object(
  {
    weight: Type.Number({
      minimum: 20,
      maximum: 500,
      errorMessage: 'The weight must be a number from 20 to 500 kg.',
    }),
  },
  { additionalProperties: false },
);
export const BodyWeightQuery = Type.Object({ from: Type.Optional(CalendarDate), to: Type.Optional(CalendarDate) });
export const BodyWeightEntry = Type.Object({ date: Type.String(), weight: Type.Number() });
export type BodyWeightEntry = Static<typeof BodyWeightEntry>;
export const BodyWeightList = Type.Object({ data: Type.Array(BodyWeightEntry) });
export const StepsEntry = Type.Object({ date: Type.String(), count: Type.Integer() });
export const StepsBody = Type.Object(
  {
    count: Type.Integer({
      minimum: 0,
      maximum: 200000,
      errorMessage: 'The steps must be a whole number from 0 to 200000.',
    }),
  },
  { additionalProperties: false },
);

export const ProgressResponse = Type.Object({
  achievements: Type.Array(
    Type.Object({
      id: Type.String(),
      unlocked: Type.Boolean(),
      unlocked_at: Type.Union([Type.String(), Type.Null()]),
      progress: Type.Object({ current: Type.Number(), target: Type.Number() }),
    }),
  ),
  /**
   * Weeks in a row with at least the weekly goal of completed workouts, up to this week (which
   * counts once it reaches the goal, and breaks nothing before it ends), the longest such run,
   * the goal, and the workouts completed so far this week.
   */
  streak: Type.Object({
    current: Type.Integer(),
    best: Type.Integer(),
    weekly_goal: Type.Integer(),
    this_week: Type.Integer(),
  }),
  stats: Type.Object({
    workouts: Type.Integer(),
    volume_kg: Type.Number(),
    minutes: Type.Integer(),
    personal_records: Type.Integer(),
  }),
});
