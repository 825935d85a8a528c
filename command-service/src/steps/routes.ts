import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, StepsBody, StepsEntry, type StepsEvent, StepsParams, stepsStream } from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { type Aggregate, commandRunner } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import { type StepsCommand, stepsDecider } from './decide.ts';
import type { StepsState } from './steps.ts';

const steps: Aggregate<StepsCommand, StepsEvent, StepsState> = {
  decider: stepsDecider,
  streamOf: (command) => stepsStream(command.userId, command.date),
};

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
        params: StepsParams,
        body: StepsBody,
        response: { 200: StepsEntry, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const { count } = request.body;
      await run(steps, request, reply, { type: 'RecordSteps', date, count });
      return { date, count };
    },
  );
};
