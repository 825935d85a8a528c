import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BodyWeightBody,
  type BodyWeightEvent,
  bodyWeightStream,
  ErrorBody,
  StepsBody,
  type StepsEvent,
  StepsParams,
  stepsStream,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { Type } from 'typebox';
import { commandContext } from '../core/command-context.ts';
import type { Decider } from '../core/command-handler.ts';
import type { CommandServices } from '../services.ts';

type RecordSteps = { userId: string; date: string; count: number; at: string };

/** A day's steps: recording a count replaces the day's earlier one; the same count again changes nothing. */
export const stepsDecider: Decider<RecordSteps, StepsEvent, number | null> = {
  initialState: () => null,
  evolve: (_count, event) => event.data.count,
  decide: ({ userId, date, count, at }, current) =>
    current === count ? [] : [{ type: 'StepsRecorded', data: { userId, date, count, recordedAt: at } }],
};

type RecordBodyWeight = { userId: string; date: string; weight: number; at: string };

/** A day's weigh-in, like steps: the latest stands; the same weight again changes nothing. */
export const bodyWeightDecider: Decider<RecordBodyWeight, BodyWeightEvent, number | null> = {
  initialState: () => null,
  evolve: (_weight, event) => event.data.weight,
  decide: ({ userId, date, weight, at }, current) =>
    current === weight ? [] : [{ type: 'BodyWeightRecorded', data: { userId, date, weight, recordedAt: at } }],
};

/** PUT /api/v1/steps/{date}: the day's step count. PUT /api/v1/body-weight/{date}: the day's weigh-in. */
export const stepsCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  app.put(
    '/steps/:date',
    {
      schema: {
        tags: ['metrics'],
        summary: "Record a day's step count",
        params: StepsParams,
        body: StepsBody,
        response: { 200: Type.Object({ date: Type.String(), count: Type.Integer() }), 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.auth?.id ?? '';
      const context = commandContext(request, services.clock());
      const { date } = request.params;
      const result = await services.handler.handle(
        stepsDecider,
        stepsStream(userId, date),
        { userId, date, count: request.body.count, at: context.now.toISOString() },
        context,
      );
      reply.header('X-Event-Position', result.position);
      return { date, count: request.body.count };
    },
  );

  app.put(
    '/body-weight/:date',
    {
      schema: {
        tags: ['metrics'],
        summary: "Record a day's body weight (kg)",
        params: StepsParams,
        body: BodyWeightBody,
        response: { 200: Type.Object({ date: Type.String(), weight: Type.Number() }), 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.auth?.id ?? '';
      const context = commandContext(request, services.clock());
      const { date } = request.params;
      // Kept to 0.01 kg: finer than any scale, and fine enough that a weight typed in pounds
      // (0.1 lb steps) shows again as typed.
      const weight = Math.round(request.body.weight * 100) / 100;
      const result = await services.handler.handle(
        bodyWeightDecider,
        bodyWeightStream(userId, date),
        { userId, date, weight, at: context.now.toISOString() },
        context,
      );
      reply.header('X-Event-Position', result.position);
      return { date, weight };
    },
  );
};
