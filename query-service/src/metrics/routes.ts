import {
  AchievementsQuery,
  allBeats,
  clientSettingsOf,
  DAILY_METRICS_MODEL,
  DailyMetricsSchema,
  type DayTotals,
  ErrorBody,
  type ExerciseRecordsDocument,
  exercisesOfDay,
  MetricsQuery,
  MetricsSpan,
  type MonthTotalsDocument,
  metricsOfDay,
  monthOf,
  monthOfDay,
  monthTotalsId,
  nutritionTargets,
  PERSONAL_RECORDS_MODEL,
  ProgressResponse,
  progressOf,
  type RecordBeatsDocument,
  RecordsQuery,
  RecordsResponse,
  recordBeatsId,
  recordsFromDocuments,
  summarize,
  summarizeTraining,
  type TrainingSummaryDocument,
  trainingSummaryId,
  weekOf,
} from '@fitness/contracts';
import { catalogueOf } from '../exercises/catalogue.ts';
import { signedInReads } from '../route-group.ts';

/** What a metrics read carrying X-Min-Position waits for (GET /body-weight, served with them, waits for the same). */
export const METRICS_MODELS = [DAILY_METRICS_MODEL, 'body_weight', PERSONAL_RECORDS_MODEL];

/**
 * Today's, this week's and this month's metrics in the spec's shape, from the daily metrics read
 * model (one document of each day's totals per user and month); records and achievements from the personal
 * records read model's summaries. No event is replayed and no history is folded to answer.
 */
export const metricsQueryRoutes = signedInReads(METRICS_MODELS, async (app, services) => {
  const { readStore } = services;
  const catalogue = catalogueOf(readStore);

  /**
   * The days' metrics from their totals (one or two month documents): what depends on the
   * profile (targets, weight) and on the library (categories) is worked out now, since either may
   * have changed since the day.
   */
  async function metricsOf(userId: string, profile: Parameters<typeof nutritionTargets>[0], days: string[]) {
    const months = [...new Set(days.map(monthOfDay))];
    const documents = await Promise.all(
      months.map((month) => readStore.get<MonthTotalsDocument>(DAILY_METRICS_MODEL, monthTotalsId(userId, month))),
    );
    const totalsOf = (date: string): DayTotals | null =>
      documents[months.indexOf(monthOfDay(date))]?.days[date] ?? null;
    const totals = days.map(totalsOf);
    const categories = await catalogue.categoriesOf(userId, [
      ...new Set(totals.flatMap((day) => (day ? exercisesOfDay(day) : []))),
    ]);
    const reader = {
      targets: nutritionTargets(profile),
      weightKg: profile?.weight ?? null,
      categoryOf: (id: string) => categories.get(id),
    };
    return days.map((date, index) => metricsOfDay(date, totals[index] ?? null, reader));
  }

  const today = (date: string | undefined) => date ?? new Date().toISOString().slice(0, 10);
  /** The user's records, one small document per exercise, however long the history. */
  const exerciseRecordsOf = (userId: string) =>
    readStore.find<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, {
      where: { user_id: userId, kind: 'exercise_records' },
    });
  const errors = { 401: ErrorBody, 422: ErrorBody };

  app.get(
    '/today',
    {
      schema: {
        tags: ['metrics'],
        summary: "A day's metrics (date: your own calendar day)",
        querystring: MetricsQuery,
        response: { 200: DailyMetricsSchema, ...errors },
      },
    },
    async (request) => {
      const [day] = await metricsOf(request.auth?.id ?? '', request.auth?.user.profile ?? null, [
        today(request.query.date),
      ]);
      return day;
    },
  );

  for (const span of ['weekly', 'monthly'] as const) {
    app.get(
      `/${span}`,
      {
        schema: {
          tags: ['metrics'],
          summary:
            span === 'weekly'
              ? 'The week containing the date, one point per day, with totals and averages'
              : 'The month containing the date, one point per day',
          querystring: MetricsQuery,
          response: { 200: MetricsSpan, ...errors },
        },
      },
      async (request) => {
        const date = today(request.query.date);
        const days = span === 'weekly' ? weekOf(date, request.query.start_of_week ?? 'monday') : monthOf(date);
        const metrics = await metricsOf(request.auth?.id ?? '', request.auth?.user.profile ?? null, days);
        return { from: days[0] ?? date, to: days.at(-1) ?? date, days: metrics, ...summarize(metrics) };
      },
    );
  }

  app.get(
    '/prs',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Personal records per exercise, each with the best it beat (1RM by Epley, or Brzycki)',
        querystring: RecordsQuery,
        response: { 200: RecordsResponse, ...errors },
      },
    },
    async (request) => ({
      data: recordsFromDocuments(await exerciseRecordsOf(request.auth?.id ?? ''), request.query.formula ?? 'epley'),
    }),
  );

  app.get(
    '/achievements',
    {
      schema: {
        tags: ['metrics'],
        summary:
          'Achievements with progress, current and best weekly streak (weeks reaching your weekly goal of workouts), and lifetime stats (date: your own today)',
        querystring: AchievementsQuery,
        response: { 200: ProgressResponse, ...errors },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      // Two small documents, whatever the number of exercises or workouts.
      const [training, beats] = await Promise.all([
        readStore.get<TrainingSummaryDocument>(PERSONAL_RECORDS_MODEL, trainingSummaryId(userId)),
        readStore.get<RecordBeatsDocument>(PERSONAL_RECORDS_MODEL, recordBeatsId(userId)),
      ]);
      const allRecordBeats = allBeats(Object.values(beats?.by_exercise ?? {}).map((exercise) => ({ beats: exercise })));
      const settings = clientSettingsOf(request.auth?.user.settings);
      return progressOf(training ?? summarizeTraining([]), allRecordBeats, today(request.query.date), {
        weeklyGoal: request.query.weekly_goal ?? settings.weeklyWorkoutGoal,
        startOfWeek: request.query.start_of_week ?? settings.startOfWeek,
      });
    },
  );
});
