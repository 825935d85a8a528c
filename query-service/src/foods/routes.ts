import {
  compareFoodResults,
  ErrorBody,
  type FoodDocument,
  FoodList,
  type FoodMatch,
  foodMatcher,
  LANGUAGES,
  type Language,
  ListFoodsQuery,
  LOGGED_FOODS_MODEL,
  type LoggedFoodDocument,
  pageOf,
  presentFood,
  RecentFoodList,
  RecentFoodsQuery,
  recentFoodsOrder,
} from '@fitness/contracts';
import { requestLanguage } from '@fitness/platform/language.ts';
import { signedInReads } from '../route-group.ts';

type Stored<T> = T & { id: string };

/** What the user made or logged ranks above what they never did (see compareFoodResults). */
const LOGGED = 2;
const OWN = 1;

const collators = Object.fromEntries(
  LANGUAGES.map((language) => [language, new Intl.Collator(language, { sensitivity: 'base' })]),
) as Record<Language, Intl.Collator>;

/**
 * The food library and your own foods: searched (GET /foods) and the ones you logged (GET
 * /foods/recent). A request reads the library from memory, your own foods and the foods you
 * logged by one indexed read each: never the meal history.
 */
export const foodQueryRoutes = signedInReads(['foods', LOGGED_FOODS_MODEL], async (app, services) => {
  const { readStore } = services;
  let library: { checkpoint: number; foods: Stored<FoodDocument>[]; byId: Map<string, FoodDocument> } | null = null;

  /** The food library, read once per change of the foods read model (350-odd documents). */
  async function systemFoods() {
    const checkpoint = await readStore.checkpoint('foods');
    if (library?.checkpoint !== checkpoint) {
      const foods = await readStore.find<Stored<FoodDocument>>('foods', { where: { user_id: null } });
      library = { checkpoint, foods, byId: new Map(foods.map((food) => [food.id, food])) };
    }
    return library;
  }
  const ownFoods = (userId: string) => readStore.find<Stored<FoodDocument>>('foods', { where: { user_id: userId } });
  const loggedFoods = (userId: string) =>
    readStore.find<Stored<LoggedFoodDocument>>(LOGGED_FOODS_MODEL, { where: { user_id: userId, kind: 'food' } });

  app.get(
    '',
    {
      schema: {
        tags: ['nutrition'],
        summary:
          'Search the food library and your own foods: whole words, then word starts, then words found inside ' +
          'others; among equal matches the foods you logged or made first, then names in your language. ' +
          'Case, accents and Arabic spelling variants do not matter',
        querystring: ListFoodsQuery,
        response: { 200: FoodList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const language = requestLanguage(request);
      const { search = '', category, tab = 'all', page = 1, per_page: perPage = 20 } = request.query;
      const [own, logged, { foods: systemList }] = await Promise.all([
        ownFoods(userId),
        loggedFoods(userId),
        systemFoods(),
      ]);
      const loggedIds = new Set(logged.map((document) => document.food_id));
      const match = foodMatcher(search, language);
      const found: { food: FoodDocument; match: FoodMatch; personal: number; name: string }[] = [];
      for (const food of tab === 'mine' ? own : [...own, ...systemList]) {
        if (category && food.category !== category) continue;
        const matched = match(food.name);
        if (!matched) continue;
        const personal = loggedIds.has(food.id) ? LOGGED : food.user_id ? OWN : 0;
        found.push({ food, match: matched, personal, name: food.name[language] });
      }
      found.sort(compareFoodResults(collators[language]));
      const { items, meta } = pageOf(found, page, perPage);
      return { data: items.map(({ food }) => presentFood(food, language)), meta };
    },
  );

  app.get(
    '/recent',
    {
      schema: {
        tags: ['nutrition'],
        summary:
          'The foods you logged, most useful first (at most 20): for a meal type, those logged at it, ' +
          'often and lately, then the others; each with the grams logged last time',
        querystring: RecentFoodsQuery,
        response: { 200: RecentFoodList, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.auth?.id ?? '';
      const language = requestLanguage(request);
      const [logged, own, { byId }] = await Promise.all([loggedFoods(userId), ownFoods(userId), systemFoods()]);
      const ownById = new Map(own.map((food) => [food.id, food]));
      const foodOf = (id: string) => ownById.get(id) ?? byId.get(id);
      // A custom food deleted since is not offered again.
      const existing = logged.filter((document) => foodOf(document.food_id));
      return {
        data: recentFoodsOrder(existing, request.query.meal_type).map(({ food_id, ...log }) => ({
          food: presentFood(foodOf(food_id) as FoodDocument, language),
          ...log,
        })),
      };
    },
  );
});
