import {
  ErrorBody,
  LogWaterBody,
  MessageResponse,
  WaterEntry,
  WaterEntryParams,
  type WaterEvent,
  WaterParams,
  waterStream,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { createdId } from '../core/command-context.ts';
import type { Aggregate } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { type WaterCommand, waterDecider } from './decide.ts';
import type { WaterState } from './water.ts';

const water: Aggregate<WaterCommand, WaterEvent, WaterState> = {
  decider: waterDecider,
  streamOf: (command) => waterStream(command.userId, command.date),
  takesClientTime: true,
};

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** A day's water under /api/v1/water/{date}. */
export const waterCommandRoutes = signedInCommands(async (app, { run }) => {
  app.post(
    '/:date',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Log water drunk on a day, in millilitres',
        params: WaterParams,
        body: LogWaterBody,
        response: { 201: WaterEntry, ...errors },
      },
    },
    async (request, reply) => {
      const entryId = createdId(request, CREATED.waterEntry);
      const { ml } = request.body;
      await run(water, request, reply, { type: 'LogWater', date: request.params.date, entryId, ml });
      reply.status(201);
      return { id: entryId, ml };
    },
  );

  app.delete(
    '/:date/:entryId',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Remove a water entry',
        params: WaterEntryParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { date, entryId } = request.params;
      await run(water, request, reply, { type: 'RemoveWater', date, entryId });
      return { message: 'Water entry removed.' };
    },
  );
});
