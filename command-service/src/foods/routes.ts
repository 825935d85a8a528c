import {
  CreateFoodBody,
  ErrorBody,
  Food,
  type FoodDocument,
  type FoodEvent,
  FoodParams,
  foodStream,
  MessageResponse,
  presentFood,
  roundNutrients,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { foodsProjection } from '@fitness/projections';
import { createdId } from '../core/command-context.ts';
import type { Aggregate } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { type FoodCommand, foodDecider } from './decide.ts';
import { FoodNotFound } from './errors.ts';
import type { FoodState } from './food.ts';

export const foods: Aggregate<FoodCommand, FoodEvent, FoodState, FoodDocument> = {
  decider: foodDecider,
  streamOf: (command) => foodStream(command.foodId),
  view: foodsProjection,
};

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Custom foods under /api/v1/foods; the library's foods come from the seed (seed.ts). */
export const foodCommandRoutes = signedInCommands(async (app, { run }) => {
  app.post(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Add a food of your own',
        body: CreateFoodBody,
        response: { 201: Food, ...errors },
      },
    },
    async (request, reply) => {
      const { name, category, per_100g, serving } = request.body;
      const result = await run(foods, request, reply, {
        type: 'CreateCustomFood',
        foodId: createdId(request, CREATED.food),
        name: name.trim(),
        category,
        per100g: roundNutrients(per_100g),
        serving: serving ? { grams: serving.grams, name: serving.name.trim() } : null,
      });
      if (!result.document) throw new FoodNotFound();
      reply.status(201);
      return presentFood(result.document, requestLanguage(request));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Delete a food of your own; logged entries keep their values',
        params: FoodParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await run(foods, request, reply, { type: 'DeleteCustomFood', foodId: request.params.id });
      return { message: 'Food deleted.' };
    },
  );
});
