import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BodyWeightBody,
  BodyWeightEntry,
  type BodyWeightEvent,
  bodyWeightStream,
  ErrorBody,
  StepsParams,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { type Aggregate, commandRunner } from '../core/command-route.ts';
import type { CommandServices } from '../services.ts';
import { type BodyWeightState, recordedWeight } from './body-weight.ts';
import { type BodyWeightCommand, bodyWeightDecider } from './decide.ts';

/** A user's weigh-in of one day; PATCH /me records the profile's weight through it too. */
export const bodyWeight: Aggregate<BodyWeightCommand, BodyWeightEvent, BodyWeightState> = {
  decider: bodyWeightDecider,
  streamOf: (command) => bodyWeightStream(command.userId, command.date),
};

/** PUT /api/v1/body-weight/{date}: the day's weigh-in. */
export const bodyWeightCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const run = commandRunner(services);

  app.put(
    '/body-weight/:date',
    {
      schema: {
        tags: ['metrics'],
        summary: "Record a day's body weight (kg)",
        params: StepsParams,
        body: BodyWeightBody,
        response: { 200: BodyWeightEntry, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { date } = request.params;
      const { weight } = request.body;
      await run(bodyWeight, request, reply, { type: 'RecordBodyWeight', date, weight });
      return { date, weight: recordedWeight(weight) };
    },
  );
};
