import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddEntryBody,
  CreateFoodBody,
  CreateMealBody,
  EntryParams,
  ErrorBody,
  Food,
  FoodParams,
  LogWaterBody,
  Meal,
  MealEntry,
  MealParams,
  MessageResponse,
  presentFood,
  UpdateEntryBody,
  WaterEntryParams,
  WaterParams,
} from '@fitness/contracts';
import { requireUser } from '@fitness/platform/authentication.ts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { isUuid } from '@fitness/platform/tokens.ts';
import { Type } from 'typebox';
import { commandContext } from '../core/command-context.ts';
import type { CommandServices } from '../services.ts';
import { EntryNotFound, MealNotFound } from './decide.ts';
import type { EntryInput } from './nutrition.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** An add-entry body is a food and a quantity, or a quick-add name and calories: never half of each. */
function entryInput(body: AddEntryBody): EntryInput {
  if (body.food_id !== undefined) {
    if (body.quantity === undefined) throw new ValidationFailed({ quantity: ['The quantity field is required.'] });
    return { kind: 'food', foodId: body.food_id, quantity: body.quantity, unit: body.unit ?? 'g' };
  }
  const missing = {
    ...(body.name === undefined && { name: ['The name field is required for a quick-add.'] }),
    ...(body.calories === undefined && { calories: ['The calories field is required for a quick-add.'] }),
  };
  if (Object.keys(missing).length > 0)
    throw new ValidationFailed({ food_id: ['Choose a food, or quick-add a name and calories.'], ...missing });
  return {
    kind: 'quick',
    name: (body.name ?? '').trim(),
    nutrients: { kcal: body.calories ?? 0, protein: body.protein ?? 0, carbs: body.carbs ?? 0, fat: body.fat ?? 0 },
  };
}

/** Writes on foods, meals and water under /api/v1. */
export const nutritionCommandRoutes: FastifyPluginAsyncTypebox<CommandServices> = async (app, services) => {
  app.addHook('onRequest', requireUser(services.authenticator));
  const { nutrition, clock } = services;
  const user = (request: { auth: { id: string } | null }) => request.auth?.id ?? '';

  app.post(
    '/foods',
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
      const result = await nutrition.createFood(
        user(request),
        {
          name: name.trim(),
          category,
          per100g: per_100g,
          serving: serving ? { grams: serving.grams, name: serving.name.trim() } : null,
        },
        commandContext(request, clock()),
      );
      reply.header('X-Event-Position', result.position).status(201);
      return presentFood(result.food, requestLanguage(request));
    },
  );

  app.delete(
    '/foods/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Delete a food of your own; logged entries keep their values',
        params: FoodParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header(
        'X-Event-Position',
        await nutrition.deleteFood(user(request), request.params.id, commandContext(request, clock())),
      );
      return { message: 'Food deleted.' };
    },
  );

  app.post(
    '/meals',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Open your meal of a type on a day (answers the open one if there is one)',
        body: CreateMealBody,
        response: { 200: Meal, 201: Meal, ...errors },
      },
    },
    async (request, reply) => {
      const result = await nutrition.openMeal(
        user(request),
        request.body.date,
        request.body.type,
        commandContext(request, clock()),
      );
      if (!result.meal) throw new MealNotFound();
      reply.header('X-Event-Position', result.position).status(result.created ? 201 : 200);
      return result.meal;
    },
  );

  app.delete(
    '/meals/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Delete a meal and its entries',
        params: MealParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new MealNotFound();
      const result = await nutrition.deleteMeal(user(request), request.params.id, commandContext(request, clock()));
      reply.header('X-Event-Position', result.position);
      return { message: 'Meal deleted.' };
    },
  );

  app.post(
    '/meals/:id/entries',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Log a food and a quantity (g, oz or servings), or quick-add calories and macros',
        params: MealParams,
        body: AddEntryBody,
        response: { 201: MealEntry, ...errors },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new MealNotFound();
      const result = await nutrition.addEntry(
        user(request),
        request.params.id,
        entryInput(request.body),
        requestLanguage(request),
        commandContext(request, clock()),
      );
      const entry = result.meal?.entries.find((e) => e.id === result.entryId);
      if (!entry) throw new EntryNotFound();
      reply.header('X-Event-Position', result.position).status(201);
      return entry;
    },
  );

  const updateEntry = {
    schema: {
      tags: ['nutrition'],
      summary: 'Change the quantity of an entry, or the values of a quick-add',
      params: EntryParams,
      body: UpdateEntryBody,
      response: { 200: MealEntry, ...errors },
    },
  };
  for (const method of ['patch', 'put'] as const) {
    app[method]('/meals/:id/entries/:entryId', updateEntry, async (request, reply) => {
      if (!isUuid(request.params.id)) throw new MealNotFound();
      const { quantity, unit, calories, protein, carbs, fat } = request.body;
      const nutrients = {
        ...(calories !== undefined && { kcal: calories }),
        ...(protein !== undefined && { protein }),
        ...(carbs !== undefined && { carbs }),
        ...(fat !== undefined && { fat }),
      };
      const result = await nutrition.changeEntry(
        user(request),
        request.params.id,
        request.params.entryId,
        { quantity, unit, nutrients },
        commandContext(request, clock()),
      );
      const entry = result.meal?.entries.find((e) => e.id === request.params.entryId);
      if (!entry) throw new EntryNotFound();
      reply.header('X-Event-Position', result.position);
      return entry;
    });
  }

  app.delete(
    '/meals/:id/entries/:entryId',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Remove an entry',
        params: EntryParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw new MealNotFound();
      const result = await nutrition.removeEntry(
        user(request),
        request.params.id,
        request.params.entryId,
        commandContext(request, clock()),
      );
      reply.header('X-Event-Position', result.position);
      return { message: 'Entry removed.' };
    },
  );

  app.post(
    '/water/:date',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Log water drunk on a day, in millilitres',
        params: WaterParams,
        body: LogWaterBody,
        response: { 201: Type.Object({ id: Type.String(), ml: Type.Integer() }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await nutrition.logWater(
        user(request),
        request.params.date,
        request.body.ml,
        commandContext(request, clock()),
      );
      reply.header('X-Event-Position', result.position).status(201);
      return { id: result.entryId, ml: request.body.ml };
    },
  );

  app.delete(
    '/water/:date/:entryId',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Remove a water entry',
        params: WaterEntryParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header(
        'X-Event-Position',
        await nutrition.removeWater(
          user(request),
          request.params.date,
          request.params.entryId,
          commandContext(request, clock()),
        ),
      );
      return { message: 'Water entry removed.' };
    },
  );
};
