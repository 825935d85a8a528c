import {
  AddEntryBody,
  CreateMealBody,
  EntryParams,
  ErrorBody,
  isUuid,
  Meal,
  type MealDocument,
  MealEntry,
  type MealEvent,
  MealParams,
  MessageResponse,
  mealStream,
  UpdateEntryBody,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { ValidationFailed } from '@fitness/platform/errors.ts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { mealsProjection } from '@fitness/projections';
import { createdId } from '../core/command-context.ts';
import { type Aggregate, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { type MealCommand, mealDecider } from './decide.ts';
import { type EntryInput, entryAfterChange, entryToAdd } from './entries.ts';
import { EntryNotFound, MealNotFound } from './errors.ts';
import { type MealState, mealIdFor } from './meal.ts';

export const meals: Aggregate<MealCommand, MealEvent, MealState, MealDocument> = {
  decider: mealDecider,
  streamOf: (command) => mealStream(command.mealId),
  view: mealsProjection,
  takesClientTime: true,
};

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/**
 * An add-entry body is a food and a quantity, or a quick-add name and calories (and, if given, a
 * quantity): never half of each. The name may come as `name` or as the spec's `food_name`.
 */
function entryInput(body: AddEntryBody): EntryInput {
  if (body.food_id !== undefined) {
    if (body.quantity === undefined) throw new ValidationFailed({ quantity: ['The quantity field is required.'] });
    return { kind: 'food', foodId: body.food_id, quantity: body.quantity, unit: body.unit ?? 'g' };
  }
  if (body.name !== undefined && body.food_name !== undefined && body.name.trim() !== body.food_name.trim()) {
    throw new ValidationFailed({ food_name: ['The name and food_name fields are the same field; give one.'] });
  }
  const name = body.name ?? body.food_name;
  const missing = {
    ...(name === undefined && { name: ['The name field is required for a quick-add.'] }),
    ...(body.calories === undefined && { calories: ['The calories field is required for a quick-add.'] }),
  };
  if (Object.keys(missing).length > 0)
    throw new ValidationFailed({ food_id: ['Choose a food, or quick-add a name and calories.'], ...missing });
  return {
    kind: 'quick',
    name: (name ?? '').trim(),
    nutrients: { kcal: body.calories ?? 0, protein: body.protein ?? 0, carbs: body.carbs ?? 0, fat: body.fat ?? 0 },
    quantity: body.quantity === undefined ? null : { amount: body.quantity, unit: body.unit ?? 'g' },
  };
}

/** Ids are UUIDs (derived from user, day and type); anything else cannot name a meal. */
function mealId(id: string) {
  if (!isUuid(id)) throw new MealNotFound();
  return id;
}

function entryOf(meal: MealDocument | null, entryId: string) {
  const entry = meal?.entries.find((e) => e.id === entryId);
  if (!entry) throw new EntryNotFound();
  return entry;
}

/** Meals and their entries under /api/v1/meals. */
export const mealCommandRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Open your meal of a type on a day (answers the open one if there is one)',
        body: CreateMealBody,
        response: { 200: Meal, 201: Meal, ...errors },
      },
    },
    async (request, reply) => {
      const { date, type, name } = request.body;
      // One meal per day and type: an open one is answered as it is, under the name it was given.
      const result = await run(meals, request, reply, {
        type: 'CreateMeal',
        mealId: mealIdFor(signedInUser(request), date, type),
        date,
        mealType: type,
        ...(name !== undefined && { name: name.trim() }),
      });
      if (!result.document) throw new MealNotFound();
      reply.status(result.appended ? 201 : 200);
      return result.document;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Delete a meal and its entries',
        params: MealParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await run(meals, request, reply, { type: 'DeleteMeal', mealId: mealId(request.params.id) });
      return { message: 'Meal deleted.' };
    },
  );

  app.post(
    '/:id/entries',
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
      const id = mealId(request.params.id);
      const input = entryInput(request.body);
      const entry = await entryToAdd(services.handler, signedInUser(request), input, requestLanguage(request));
      const entryId = createdId(request, CREATED.mealEntry);
      const result = await run(meals, request, reply, { type: 'AddEntry', mealId: id, entryId, ...entry });
      reply.status(201);
      return entryOf(result.document, entryId);
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
    app[method]('/:id/entries/:entryId', updateEntry, async (request, reply) => {
      const id = mealId(request.params.id);
      const { entryId } = request.params;
      const { quantity, unit, calories, protein, carbs, fat } = request.body;
      const nutrients = {
        ...(calories !== undefined && { kcal: calories }),
        ...(protein !== undefined && { protein }),
        ...(carbs !== undefined && { carbs }),
        ...(fat !== undefined && { fat }),
      };
      const changed = await entryAfterChange(services.handler, signedInUser(request), id, entryId, {
        quantity,
        unit,
        nutrients,
      });
      const result = await run(meals, request, reply, { type: 'ChangeEntry', mealId: id, entryId, ...changed });
      return entryOf(result.document, entryId);
    });
  }

  app.delete(
    '/:id/entries/:entryId',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Remove an entry',
        params: EntryParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const id = mealId(request.params.id);
      await run(meals, request, reply, { type: 'RemoveEntry', mealId: id, entryId: request.params.entryId });
      return { message: 'Entry removed.' };
    },
  );
});
