import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DayParams, ErrorBody, StepsBody, StepsEntry } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { commandRunner } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import { stepsReading } from './decide.ts';

/** PUT /api/v1/steps/{date}: the day's step count. */
export const stepsCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const run = commandRunner(services);

  app.put(
    '/steps/:date',
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
      await run(stepsReading.aggregate, request, reply, { type: 'RecordSteps', date, count });
      return { date, count };
    },
  );
};
