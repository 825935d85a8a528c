import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, StepsBody, type StepsEvent, StepsParams, stepsStream } from '@fitness/contracts';
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

/** PUT /api/v1/steps/{date}: the day's step count. */
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
};
