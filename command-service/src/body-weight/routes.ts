import { BodyWeightBody, BodyWeightEntry, DayParams, ErrorBody } from '@fitness/contracts';
import { signedInCommands } from '../core/route-group.ts';
import { bodyWeightReading } from './decide.ts';

/** A user's weigh-in of one day; PATCH /me records the profile's weight through it too. */
export const bodyWeight = bodyWeightReading.aggregate;

/** PUT /api/v1/body-weight/{date}: the day's weigh-in. */
export const bodyWeightCommandRoutes = signedInCommands(async (app, { run }) => {
  app.put(
    '/:date',
    {
      schema: {
        tags: ['metrics'],
        summary: "Record a day's body weight (kg)",
        params: DayParams,
        body: BodyWeightBody,
        response: { 200: BodyWeightEntry, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const { weight } = request.body;
      await run(bodyWeight, request, reply, { type: 'RecordBodyWeight', date, weight });
      return { date, weight: bodyWeightReading.recorded(weight) };
    },
  );
});
