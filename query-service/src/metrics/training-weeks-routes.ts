import { type BodyWeightDocument, clientSettingsOf, ErrorBody, PERSONAL_RECORDS_MODEL } from '@fitness/contracts';
import { TrainingWeeks, TrainingWeeksQuery, trainingWeeks } from '@fitness/contracts/metrics/training-weeks.ts';
import { type TrainingLogDocument, trainingLogId } from '@fitness/projections/records/training.ts';
import { signedInReads } from '../route-group.ts';

type Stored<T> = T & { id: string };

/**
 * Training against body weight, week by week (the Progress screen's chart): the user's completed
 * workouts from the personal records read model's training log (a few numbers each, one
 * document), and their weigh-ins.
 */
export const trainingWeeksRoutes = signedInReads([PERSONAL_RECORDS_MODEL, 'body_weight'], async (app, services) => {
  const { readStore } = services;

  app.get(
    '/training-weeks',
    {
      schema: {
        tags: ['metrics'],
        summary:
          'The weeks up to the one holding date (your today), each with its completed workouts, minutes, volume (kg) and mean body weight',
        querystring: TrainingWeeksQuery,
        response: { 200: TrainingWeeks, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const { date = new Date().toISOString().slice(0, 10), weeks = 26 } = request.query;
      const startOfWeek = request.query.start_of_week ?? clientSettingsOf(request.auth?.user.settings).startOfWeek;
      const [log, weighIns] = await Promise.all([
        readStore.get<TrainingLogDocument>(PERSONAL_RECORDS_MODEL, trainingLogId(userId)),
        readStore.find<Stored<BodyWeightDocument>>('body_weight', { where: { user_id: userId } }),
      ]);
      return { weeks: trainingWeeks(log?.workouts ?? [], weighIns, { date, weeks, startOfWeek }) };
    },
  );
});
