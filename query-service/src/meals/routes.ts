import {
  ErrorBody,
  ListMealsQuery,
  Meal,
  type MealDocument,
  MealList,
  MealParams,
  presentMeal,
  shiftDay,
} from '@fitness/contracts';
import { NotFound, ValidationFailed } from '@fitness/platform/errors.ts';
import { signedInReads } from '../route-group.ts';

type Stored<T> = T & { id: string };

/** The longest span of days one request may list meals for. */
const MAX_RANGE_DAYS = 92;

/** Reads of the caller's meals. */
export const mealQueryRoutes = signedInReads(['meals'], async (app, services) => {
  const { readStore } = services;
  app.get(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'Your meals with their entries, on a day (date) or over a range (from, to)',
        querystring: ListMealsQuery,
        response: { 200: MealList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const { date, from, to } = request.query;
      const start = date ?? from ?? new Date().toISOString().slice(0, 10);
      const end = date ?? to ?? start;
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      if (days < 0) throw new ValidationFailed({ to: ['The end of the range must not be before its start.'] });
      if (days >= MAX_RANGE_DAYS)
        throw new ValidationFailed({ to: [`A range can span at most ${MAX_RANGE_DAYS} days.`] });
      const order = ['breakfast', 'lunch', 'dinner', 'snacks'];
      const dates = Array.from({ length: days + 1 }, (_, day) => shiftDay(start, day));
      const perDay = await Promise.all(
        dates.map((date) => readStore.find<Stored<MealDocument>>('meals', { where: { user_id: userId, date } })),
      );
      const meals: MealDocument[] = perDay.flat();
      meals.sort((a, b) => a.date.localeCompare(b.date) || order.indexOf(a.type) - order.indexOf(b.type));
      return { data: meals.map(presentMeal) };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['nutrition'],
        summary: 'One meal with its entries',
        params: MealParams,
        response: { 200: Meal, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const meal = await readStore.get<Stored<MealDocument>>('meals', request.params.id);
      // Another user's meal is answered exactly like a missing one.
      if (!meal || meal.user_id !== request.auth?.id) throw new NotFound('Meal not found.');
      return presentMeal(meal);
    },
  );
});
