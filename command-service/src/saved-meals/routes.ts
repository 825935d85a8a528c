import {
  ErrorBody,
  LogAgainBody,
  Meal,
  MessageResponse,
  presentSavedMeal,
  RenameSavedMealBody,
  SavedMeal,
  type SavedMealEvent,
  SavedMealParams,
  SaveMealBody,
  savedMealDocument,
  savedMealsStream,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import type { FastifyRequest } from 'fastify';
import { createdId } from '../core/command-context.ts';
import { type Aggregate, signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { logAgain, loggedEntries } from '../meals/copy.ts';
import { mealOf } from '../meals/entries.ts';
import { type SavedMealCommand, savedMealsDecider } from './decide.ts';
import { MealToSaveNotFound, SavedMealNotFound } from './errors.ts';
import type { SavedMealsState } from './saved-meals.ts';

const savedMeals: Aggregate<SavedMealCommand, SavedMealEvent, SavedMealsState> = {
  decider: savedMealsDecider,
  streamOf: (command) => savedMealsStream(command.userId),
};

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** The saved meal as the API shows it, from the state the command left (the stream holds several, so no one document). */
function answer(state: SavedMealsState, savedMealId: string): SavedMeal {
  const saved = state.get(savedMealId);
  if (!saved) throw new SavedMealNotFound();
  return presentSavedMeal(savedMealDocument(saved));
}

/** Saving one of your meals to log again, renaming and deleting it, and logging it, under /api/v1/saved-meals. */
export const savedMealCommandRoutes = signedInCommands(async (app, { services, run }) => {
  /** The caller's saved meals as their stream holds them now. */
  async function savedMealsOf(request: FastifyRequest) {
    const events = await services.handler.readStream(savedMealsStream(signedInUser(request)));
    return events.reduce(
      (state, event) => savedMealsDecider.evolve(state, event as unknown as SavedMealEvent),
      savedMealsDecider.initialState(),
    );
  }

  app.post(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary:
          "Save one of your meals' entries, as they were logged, under a name (the meal's unless given) to log again",
        body: SaveMealBody,
        response: { 201: SavedMeal, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const meal = await mealOf(services.handler, signedInUser(request), request.body.meal_id);
      if (!meal) throw new MealToSaveNotFound();
      const savedMealId = createdId(request, CREATED.savedMeal);
      const result = await run(savedMeals, request, reply, {
        type: 'SaveMeal',
        savedMealId,
        name: request.body.name?.trim() || meal.name,
        mealType: meal.type,
        entries: loggedEntries(meal),
      });
      reply.status(201);
      return answer(result.state, savedMealId);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Rename one of your saved meals',
        params: SavedMealParams,
        body: RenameSavedMealBody,
        response: { 200: SavedMeal, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await run(savedMeals, request, reply, {
        type: 'RenameSavedMeal',
        savedMealId: id,
        name: request.body.name.trim(),
      });
      return answer(result.state, id);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Delete one of your saved meals (what was logged from it stays)',
        params: SavedMealParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await run(savedMeals, request, reply, { type: 'DeleteSavedMeal', savedMealId: request.params.id });
      return { message: 'Saved meal deleted.' };
    },
  );

  app.post(
    '/:id/log',
    {
      schema: {
        tags: ['nutrition'],
        summary:
          "Log a saved meal's entries into your meal of a day and type (the saved meal's type unless given), opening it if there is none",
        params: SavedMealParams,
        body: LogAgainBody,
        response: { 201: Meal, ...errors },
      },
    },
    async (request, reply) => {
      const saved = (await savedMealsOf(request)).get(request.params.id);
      if (!saved) throw new SavedMealNotFound();
      const { date, type = saved.mealType } = request.body;
      const meal = await logAgain(run, request, reply, { date, type }, saved.entries);
      reply.status(201);
      return meal;
    },
  );
});
