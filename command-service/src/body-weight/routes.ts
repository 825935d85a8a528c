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
        summary:
          "Record a day's body weight (kg). The one weighed last stands: one sent later with an earlier " +
          'X-Client-Time (it waited offline) changes nothing, and the answer is the weigh-in that stands',
        params: DayParams,
        body: BodyWeightBody,
        response: { 200: BodyWeightEntry, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const { weight } = request.body;
      const { state } = await run(bodyWeight, request, reply, { type: 'RecordBodyWeight', date, weight });
      // The day's weigh-in that stands: one taken before it and sent late changes nothing.
      return { date, weight: state?.value ?? bodyWeightReading.recorded(weight) };
    },
  );
});
