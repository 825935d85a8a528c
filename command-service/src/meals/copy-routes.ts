import { CopiedMeals, CopyDayBody, ErrorBody, LogAgainBody, Meal, MealParams } from '@fitness/contracts';
import { signedInUser } from '../core/command-route.ts';
import { signedInCommands } from '../core/route-group.ts';
import { filledMealsOf, logAgain, loggedEntries } from './copy.ts';
import { ownMeal } from './entries.ts';
import { CopyOntoItself, NothingToCopy } from './errors.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Copying a meal or a whole day into another day's meals, under /api/v1/meals. */
export const mealCopyRoutes = signedInCommands(async (app, { services, run }) => {
  app.post(
    '/:id/copy',
    {
      schema: {
        tags: ['nutrition'],
        summary:
          "Copy a meal's entries, as they were logged, into your meal of a day and type (the meal's own type unless given), opening it if there is none",
        params: MealParams,
        body: LogAgainBody,
        response: { 201: Meal, ...errors },
      },
    },
    async (request, reply) => {
      const source = await ownMeal(services.handler, signedInUser(request), request.params.id);
      const target = { date: request.body.date, type: request.body.type ?? source.type };
      if (target.date === source.date && target.type === source.type) {
        throw new CopyOntoItself('date', 'This is the meal being copied: pick another day or meal.');
      }
      if (source.entries.length === 0) throw new NothingToCopy('id', 'This meal has nothing in it to copy.');
      const meal = await logAgain(run, request, reply, target, loggedEntries(source));
      reply.status(201);
      return meal;
    },
  );

  app.post(
    '/copy-day',
    {
      schema: {
        tags: ['nutrition'],
        summary: "Copy every meal of a day into another day's meals of the same types; answers the meals copied into",
        body: CopyDayBody,
        response: { 201: CopiedMeals, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const { from, to } = request.body;
      if (from === to) throw new CopyOntoItself('to', 'Pick another day to copy this one to.');
      const sources = await filledMealsOf(services.handler, signedInUser(request), from);
      if (sources.length === 0) throw new NothingToCopy('from', 'Nothing is logged on that day to copy.');
      // One append per meal copied into; a retry with the same Idempotency-Key finds each done.
      const data = [];
      for (const source of sources) {
        data.push(await logAgain(run, request, reply, { date: to, type: source.type }, loggedEntries(source)));
      }
      reply.status(201);
      return { data };
    },
  );
});
