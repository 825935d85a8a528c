import { type BodyWeightDocument, BodyWeightList, BodyWeightQuery, ErrorBody } from '@fitness/contracts';
import { METRICS_MODELS } from '../metrics/routes.ts';
import { signedInReads } from '../route-group.ts';

type Stored<T> = T & { id: string };

/** The caller's weigh-ins; PUT /body-weight/{date} records them. */
export const bodyWeightQueryRoutes = signedInReads(METRICS_MODELS, async (app, { readStore }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Weigh-ins (kg), oldest first, between from and to (inclusive, both optional)',
        querystring: BodyWeightQuery,
        response: { 200: BodyWeightList, 401: ErrorBody, 422: ErrorBody },
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
});
