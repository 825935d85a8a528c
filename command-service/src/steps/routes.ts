import { DayParams, ErrorBody, StepsBody, StepsEntry } from '@fitness/contracts';
import { signedInCommands } from '../core/route-group.ts';
import { stepsReading } from './decide.ts';

/** PUT /api/v1/steps/{date}: the day's step count. */
export const stepsCommandRoutes = signedInCommands(async (app, { run }) => {
  app.put(
    '/:date',
    {
      schema: {
        tags: ['metrics'],
        summary: "Record a day's step count",
        params: DayParams,
        body: StepsBody,
        response: { 200: StepsEntry, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const { count } = request.body;
      const { state } = await run(stepsReading.aggregate, request, reply, { type: 'RecordSteps', date, count });
      // The day's count that stands: one read before it and decided after it changes nothing.
      return { date, count: state?.value ?? count };
    },
  );
});
