import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  allBeats,
  type BodyWeightDocument,
  BodyWeightList,
  BodyWeightQuery,
  DailyMetricsSchema,
  dailyMetrics,
  ErrorBody,
  type ExerciseCategory,
  type ExerciseRecordsDocument,
  type MealDocument,
  MetricsQuery,
  MetricsSpan,
  monthOf,
  nutritionTargets,
  PERSONAL_RECORDS_MODEL,
  ProgressResponse,
  progressOf,
  RecordsQuery,
  RecordsResponse,
  recordsFromDocuments,
  type StepsDocument,
  summarize,
  summarizeTraining,
  type TrainingSummaryDocument,
  trainingSummaryId,
  userDayId,
  type WaterDocument,
  type WorkoutDocument,
  weekOf,
} from '@fitness/contracts';
import { catalogueOf } from '../exercises/catalogue.ts';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';

type Stored<T> = T & { id: string };

/**
 * Today's, this week's and this month's metrics in the spec's shape, put together from the read
 * models of each day (meals, water, workouts, steps): no event is replayed to answer.
 */
export const metricsQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  app.addHook(
    'onRequest',
    signedInRead(services, ['meals', 'water', 'workouts', 'steps', 'body_weight', PERSONAL_RECORDS_MODEL]),
  );
  const { readStore } = services;
  const catalogue = catalogueOf(readStore);

  async function daysFor(userId: string, profile: Parameters<typeof nutritionTargets>[0], days: string[]) {
    const targets = nutritionTargets(profile);
    const categories = new Map<string, ExerciseCategory>(
      (await catalogue.visibleTo(userId)).map((exercise) => [exercise.id, exercise.category]),
    );
    return Promise.all(
      days.map(async (date) => {
        const [meals, water, workouts, steps] = await Promise.all([
          readStore.find<Stored<MealDocument>>('meals', { where: { user_id: userId, date } }),
          readStore.get<Stored<WaterDocument>>('water', userDayId(userId, date)),
          readStore.find<Stored<WorkoutDocument>>('workouts', { where: { user_id: userId, date } }),
          readStore.get<Stored<StepsDocument>>('steps', userDayId(userId, date)),
        ]);
        return dailyMetrics({
          date,
          meals,
          waterMl: water?.total_ml ?? 0,
          workouts,
          steps: steps?.count ?? 0,
          targets,
          weightKg: profile?.weight ?? null,
          categoryOf: (id) => categories.get(id),
        });
      }),
    );
  }

  const today = (date: string | undefined) => date ?? new Date().toISOString().slice(0, 10);
  /** The user's records, one small document per exercise, however long the history. */
  const exerciseRecordsOf = (userId: string) =>
    readStore.find<ExerciseRecordsDocument>(PERSONAL_RECORDS_MODEL, {
      where: { user_id: userId, kind: 'exercise_records' },
    });
  const errors = { 401: ErrorBody, 422: ErrorBody };

  app.get(
    '/metrics/today',
    {
      schema: {
        tags: ['metrics'],
        summary: "A day's metrics (date: your own calendar day)",
        querystring: MetricsQuery,
        response: { 200: DailyMetricsSchema, ...errors },
      },
    },
    async (request) => {
      const [day] = await daysFor(request.auth?.id ?? '', request.auth?.user.profile ?? null, [
        today(request.query.date),
      ]);
      return day;
    },
  );

  for (const span of ['weekly', 'monthly'] as const) {
    app.get(
      `/metrics/${span}`,
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
        const metrics = await daysFor(request.auth?.id ?? '', request.auth?.user.profile ?? null, days);
        return { from: days[0] ?? date, to: days.at(-1) ?? date, days: metrics, ...summarize(metrics) };
      },
    );
  }

  app.get(
    '/metrics/prs',
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
    '/metrics/achievements',
    {
      schema: {
        tags: ['metrics'],
        summary:
          'Achievements with progress, current and best streak of training days, and lifetime stats (date: your own today)',
        querystring: MetricsQuery,
        response: { 200: ProgressResponse, ...errors },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const [training, records] = await Promise.all([
        readStore.get<TrainingSummaryDocument>(PERSONAL_RECORDS_MODEL, trainingSummaryId(userId)),
        exerciseRecordsOf(userId),
      ]);
      return progressOf(training ?? summarizeTraining([]), allBeats(records), today(request.query.date));
    },
  );

  app.get(
    '/body-weight',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Weigh-ins (kg), oldest first, between from and to (inclusive, both optional)',
        querystring: BodyWeightQuery,
        response: { 200: BodyWeightList, ...errors },
      },
    },
    async (request) => {
      const { from = '0000-01-01', to = '9999-12-31' } = request.query;
      const days = await readStore.find<Stored<BodyWeightDocument>>('body_weight', {
        where: { user_id: request.auth?.id ?? '' },
        orderBy: [{ field: 'date', direction: 'asc' }],
      });
      return {
        data: days.filter((day) => day.date >= from && day.date <= to).map(({ date, weight }) => ({ date, weight })),
      };
    },
  );
};
