import assert from 'node:assert/strict';
import type { ChangeNotice } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { searchFoods } from '../testing/food-search.ts';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

type Food = { id: string; name: string; is_custom: boolean };
type FoodPage = { data: Food[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type LibraryFood = {
  id: string;
  name: string;
  category: string;
  per_100g: { kcal: number; protein: number; carbs: number; fat: number };
  serving: { grams: number; name: string } | null;
};
type RecentFood = { food: Food; quantity: number; count: number; last_logged_at: string };

const LANGUAGES = ['en', 'de', 'ar'] as const;
/** The plain milks of the library, whole to skim. */
const PLAIN_MILKS = ['milk-whole', 'milk-reduced-fat', 'milk-low-fat', 'milk-low-fat-1', 'milk-skim'];
/** "milk" as each language says it. */
const MILK = { en: 'milk', de: 'Milch', ar: 'حليب' } as const;

/** One server for the file's two groups: each test's user is its own. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('food search and recent foods API', () => {
  /** A fresh user, their reads waiting for their writes. */
  async function user() {
    const { token } = await server.register();
    const writes = ownWrites(server.api, token);
    const search = async (query: string, language = 'en') => {
      const response = await server.api('GET', `/foods?${query}`, {
        token,
        headers: { 'accept-language': language, 'x-min-position': String(writes.position()) },
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body as FoodPage;
    };
    /** The ids a search finds on its first page of 50, best first. */
    const ids = async (text: string, language = 'en') =>
      (await search(`per_page=50&search=${encodeURIComponent(text)}`, language)).data.map((food) => food.id);
    const log = async (date: string, type: string, foodId: string, quantity: number) => {
      const meal = await writes.call('POST', '/meals', { date, type });
      return writes.call('POST', `/meals/${meal.id}/entries`, { food_id: foodId, quantity });
    };
    const recent = (query = '', language = 'en') =>
      server.api('GET', `/foods/recent${query}`, {
        token,
        headers: { 'accept-language': language, 'x-min-position': String(writes.position()) },
      });
    return { token, writes, search, ids, log, recent };
  }

  describe('search', () => {
    it('"oat" puts rolled oats or oatmeal first and goat cheese after every oat food, in en, de and ar', async () => {
      const { ids } = await user();
      for (const language of LANGUAGES) {
        const found = await ids('oat', language);
        assert.ok(['rolled-oats', 'oatmeal-cooked'].includes(found[0] ?? ''), `${language}: ${found.join(', ')}`);
        const goat = found.indexOf('goat-cheese-soft');
        assert.ok(goat >= 0, `${language}: goat cheese is still found`);
        for (const oatFood of ['rolled-oats', 'oatmeal-cooked', 'oat-drink']) {
          const at = found.indexOf(oatFood);
          assert.ok(at >= 0 && at < goat, `${language}: ${oatFood} (${at}) before goat cheese (${goat})`);
        }
      }
      // The same for oats as German and Arabic name them.
      assert.deepEqual((await ids('Hafer', 'de')).sort(), ['oat-drink', 'oatmeal-cooked', 'rolled-oats']);
      assert.equal((await ids('شوفان', 'ar'))[0], 'rolled-oats');
    });

    it('"milk" shows the plain milks above milk chocolate, as "Milch" and "حليب" do in de and ar', async () => {
      const { ids } = await user();
      for (const language of LANGUAGES) {
        for (const term of new Set(['milk', MILK[language]])) {
          const found = await ids(term, language);
          const chocolate = found.indexOf('milk-chocolate');
          for (const milk of PLAIN_MILKS) {
            const at = found.indexOf(milk);
            assert.ok(at >= 0, `${language} "${term}": finds ${milk}`);
            assert.ok(
              chocolate === -1 || at < chocolate,
              `${language} "${term}": ${milk} (${at}) above milk chocolate`,
            );
          }
          assert.deepEqual(
            found.slice(0, 3).filter((id) => PLAIN_MILKS.includes(id)).length,
            3,
            `${language} "${term}"`,
          );
        }
      }
    });

    it('reaches every result of a broad search page by page, as its total says', async () => {
      const { search } = await user();
      const perPage = 7;
      const first = await search(`search=e&per_page=${perPage}`);
      assert.ok(first.meta.total > 100, `a broad search: ${first.meta.total}`);
      assert.equal(first.meta.last_page, Math.ceil(first.meta.total / perPage));
      const seen: string[] = [];
      for (let page = 1; page <= first.meta.last_page; page += 1) {
        const { data, meta } = await search(`search=e&per_page=${perPage}&page=${page}`);
        assert.equal(meta.current_page, page);
        assert.equal(meta.total, first.meta.total);
        assert.equal(data.length, page < meta.last_page ? perPage : meta.total - perPage * (page - 1));
        seen.push(...data.map((food) => food.id));
      }
      assert.equal(new Set(seen).size, first.meta.total, 'every result once');
      const beyond = await search(`search=e&per_page=${perPage}&page=${first.meta.last_page + 1}`);
      assert.deepEqual(beyond.data, []);
      // The pages read in turn are the same order as one long page.
      const whole = await search('search=e&per_page=50');
      assert.deepEqual(
        seen.slice(0, 50),
        whole.data.map((food) => food.id),
      );
    });

    it('ranks a food the user logged above an equally matching one never logged, for them only', async () => {
      const logger = await user();
      const bystander = await user();
      assert.notEqual((await logger.ids('milk'))[0], 'milk-chocolate');
      await logger.log('2026-11-20', 'snacks', 'milk-chocolate', 25);
      assert.equal((await logger.ids('milk'))[0], 'milk-chocolate');
      // In German "Milch" is only inside "Vollmilchschokolade": a lesser match stays below, logged or not.
      assert.notEqual((await logger.ids('Milch', 'de'))[0], 'milk-chocolate');
      assert.notEqual((await bystander.ids('milk'))[0], 'milk-chocolate');
      // Never above a better match: goat cheese logged still comes after the oat foods.
      await logger.log('2026-11-20', 'snacks', 'goat-cheese-soft', 30);
      assert.equal((await logger.ids('oat'))[0], 'rolled-oats');
    });

    it('finds Arabic names whatever alef form, taa marbuta, alef maqsura or vowel marks are typed', async () => {
      const { ids } = await user();
      assert.ok((await ids('ارز ابيض', 'ar')).includes('white-rice-cooked'), 'أرز without its hamza');
      assert.ok((await ids('شوكولاته', 'ar')).includes('milk-chocolate'), 'ة typed as ه');
      assert.ok((await ids('كمثري', 'ar')).includes('pear'), 'ى typed as ي');
      assert.ok((await ids('اجاص', 'ar')).includes('pear'), 'إ typed as ا');
      assert.deepEqual(await ids('حَلِيب', 'ar'), await ids('حليب', 'ar'));
      assert.deepEqual(await ids('حليب ١٫٥', 'ar'), await ids('حليب 1.5', 'ar'));
    });

    it("puts names in the reader's language above the same match in another", async () => {
      const { ids } = await user();
      // "Chicken Nuggets" is German too; the other chicken foods match only by their English names.
      assert.equal((await ids('chicken', 'de'))[0], 'chicken-nuggets');
      assert.notEqual((await ids('chicken', 'en'))[0], 'chicken-nuggets');
      // Another language's name still finds its food.
      assert.deepEqual(await ids('Haferflocken', 'en'), ['rolled-oats']);
      assert.deepEqual(await ids('شوفان', 'de'), ['rolled-oats', 'oat-drink', 'oatmeal-cooked']);
    });
  });

  describe('recent foods', () => {
    it('lists the foods logged, those of the meal type asked for first, with the grams logged last', async () => {
      const me = await user();
      for (const [day, grams] of [
        ['2026-11-01', 40],
        ['2026-11-02', 45],
        ['2026-11-03', 50],
      ] as const) {
        await me.log(day, 'breakfast', 'rolled-oats', grams);
      }
      await me.log('2026-11-03', 'breakfast', 'milk-whole', 258);
      for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']) {
        await me.log(day, 'dinner', 'chicken-breast-roasted', 150);
      }
      await me.log('2026-11-05', 'dinner', 'rolled-oats', 80);
      const custom = await me.writes.call('POST', '/foods', {
        name: 'Protein bar',
        category: 'protein',
        per_100g: { kcal: 380, protein: 33, carbs: 40, fat: 10 },
      });
      await me.log('2026-11-05', 'snacks', custom.id, 60);
      await me.writes.call('DELETE', `/foods/${custom.id}`);

      const listed = async (query: string, language = 'en') => {
        const response = await me.recent(query, language);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        return response.body.data as RecentFood[];
      };
      const breakfast = await listed('?meal_type=breakfast');
      assert.deepEqual(
        breakfast.map(({ food, quantity, count }) => [food.id, quantity, count]),
        [
          ['rolled-oats', 50, 4],
          ['milk-whole', 258, 1],
          ['chicken-breast-roasted', 150, 5],
        ],
      );
      const dinner = await listed('?meal_type=dinner');
      assert.deepEqual(
        dinner.map(({ food, quantity }) => [food.id, quantity]),
        [
          ['chicken-breast-roasted', 150],
          ['rolled-oats', 80],
          ['milk-whole', 258],
        ],
      );
      assert.deepEqual(
        (await listed('')).map(({ food }) => food.id),
        ['chicken-breast-roasted', 'rolled-oats', 'milk-whole'],
      );
      const [oats] = await listed('?meal_type=breakfast', 'ar');
      assert.equal(oats?.food.name, 'شوفان');
      assert.ok(oats && Date.parse(oats.last_logged_at) > 0);
    });

    it('answers 422 for a meal type that does not exist', async () => {
      const me = await user();
      const response = await me.recent('?meal_type=brunch');
      assert.equal(response.status, 422);
      assert.ok(response.body.errors.meal_type?.[0], JSON.stringify(response.body));
    });

    it("tells the user's other devices that a food was logged", async () => {
      const me = await user();
      const otherDevice = await connectLive(server.baseUrl, me.token);
      try {
        await otherDevice.joined;
        await me.log('2026-11-06', 'lunch', 'banana', 118);
        const told = (notice: ChangeNotice) => notice.model === 'logged_foods' && notice.op === 'upsert';
        assert.ok(
          await waitUntil(() => otherDevice.received.some(({ notice }) => told(notice)), 10_000),
          'a notice came',
        );
      } finally {
        otherDevice.socket.disconnect();
      }
    });
  });
});

describe('food library API', () => {
  let token: string;
  beforeAll(async () => {
    token = (await server.register()).token;
  });

  const foods = (query: string, language?: string) => searchFoods<LibraryFood>(server, token, query, language);
  const openMeal = async (type: string, date: string) => server.api('POST', '/meals', { token, body: { date, type } });

  it('has a library of at least 300 foods in all eight categories', async () => {
    const all = await foods('per_page=50');
    assert.ok(all.meta.total >= 300, `${all.meta.total} foods`);
    for (const category of ['protein', 'carbs', 'vegetables', 'fruits', 'dairy', 'nuts', 'fats', 'beverages']) {
      const some = await foods(`category=${category}&per_page=5`);
      assert.ok(some.meta.total > 0 && some.data.every((food) => food.category === category), category);
    }
  });

  it('searches in English, German and Arabic, ignoring case', async () => {
    for (const language of ['en', 'de', 'ar']) {
      const [first] = (await foods('per_page=1&category=fruits', language)).data;
      assert.ok(first);
      const word = first.name.split(/[ ,]/)[0] ?? '';
      const found = await foods(
        `search=${encodeURIComponent(language === 'ar' ? word : word.toUpperCase())}`,
        language,
      );
      assert.ok(
        found.data.some((food) => food.id === first.id),
        `${language}: "${word}" finds ${first.name}`,
      );
    }
  });

  it('adds a custom food, logs it, and keeps the entry after the food is deleted', async () => {
    const created = await server.api('POST', '/foods', {
      token,
      body: {
        name: 'Grandma’s granola',
        category: 'carbs',
        per_100g: { kcal: 450, protein: 10, carbs: 60, fat: 18 },
        serving: { grams: 50, name: 'bowl' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const mine = await foods('tab=mine');
    assert.deepEqual(
      mine.data.map((food) => food.name),
      ['Grandma’s granola'],
    );
    const meal = (await openMeal('breakfast', '2026-11-22')).body;
    const entry = await server.api('POST', `/meals/${meal.id}/entries`, {
      token,
      body: { food_id: created.body.id, quantity: 2, unit: 'serving' },
    });
    assert.equal(entry.body.quantity, 100);
    assert.equal(entry.body.calories, 450);
    const deleted = await server.api('DELETE', `/foods/${created.body.id}`, { token });
    assert.equal(deleted.status, 200);
    const read = await server.api('GET', `/meals/${meal.id}`, {
      token,
      headers: { 'x-min-position': deleted.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(read.body.entries[0].calories, 450);
    const bad = await server.api('POST', '/foods', {
      token,
      body: { name: 'Impossible', category: 'fats', per_100g: { kcal: 2000, protein: 0, carbs: 0, fat: 100 } },
    });
    assert.equal(bad.status, 422);
  });
});
